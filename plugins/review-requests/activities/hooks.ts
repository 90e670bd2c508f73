// Order webhooks start or advance the order's review-request workflow; idempotent per order
// whatever the order and number of deliveries (signal-with-start on the business id).
import type { ActivityDeps, PlatformHooks, WebhookDelivery } from '../../../workflows/plugin';
import { requestDetails, requestSummary } from '../shared/temporal-text';
import { reviewRequestWorkflowId, type OrderFacts } from '../workflows/messages';

/** The review-relevant facts of a REST Order payload (ids above 2^53 arrive as strings). */
export function orderFacts(order: any): OrderFacts {
  const customer = order.customer ?? {};
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return {
    name: String(order.name ?? `#${order.order_number ?? order.id}`),
    createdAt: new Date(order.created_at ?? Date.now()).toISOString(),
    email: order.email ?? customer.email ?? null,
    customerName: name || null,
    customerId: customer.id === undefined || customer.id === null ? null : String(customer.id),
    shippingCountry: order.shipping_address?.country_code ?? null,
    lineItems: (order.line_items ?? []).map((li: any) => ({ productId: li.product_id == null ? null : `gid://shopify/Product/${li.product_id}`, title: String(li.title ?? ''), quantity: Number(li.quantity ?? 1) })),
  };
}

export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  // The summary and details are fixed by whichever webhook starts the workflow (the name when known).
  const signal = async (d: WebhookDelivery, orderId: string, name: string, args: unknown[], orderName?: string) => {
    if (!d.shopId) return;
    await deps.temporal.workflow.signalWithStart('reviewRequest', {
      workflowId: reviewRequestWorkflowId(d.shopDomain, orderId),
      taskQueue: deps.config.temporal.taskQueue,
      args: [{ shopId: d.shopId, shopDomain: d.shopDomain, orderId }],
      signal: name,
      signalArgs: args,
      staticSummary: requestSummary(d.shopDomain, orderId, orderName),
      staticDetails: requestDetails({ shopDomain: d.shopDomain, orderId, orderName, source: 'webhook', appUrl: deps.config.appUrl }),
    });
  };
  const fulfilledAt = (o: any) => new Date(o.fulfillments?.[0]?.created_at ?? o.updated_at ?? Date.now()).toISOString();

  return {
    webhooks: {
      async 'orders/create'(d, order) {
        const facts = orderFacts(order);
        await signal(d, String(order.id), 'orderFacts', [facts], facts.name);
      },
      async 'orders/fulfilled'(d, order) {
        const facts = orderFacts(order);
        await signal(d, String(order.id), 'orderFacts', [facts], facts.name);
        await signal(d, String(order.id), 'fulfilled', [fulfilledAt(order)]);
      },
      async 'fulfillments/create'(d, f) {
        await signal(d, String(f.order_id), 'fulfilled', [new Date(f.created_at ?? Date.now()).toISOString()]);
        if (f.shipment_status === 'delivered') await signal(d, String(f.order_id), 'delivered', [new Date(f.updated_at ?? Date.now()).toISOString()]);
      },
      async 'fulfillments/update'(d, f) {
        if (f.shipment_status === 'delivered') await signal(d, String(f.order_id), 'delivered', [new Date(f.updated_at ?? Date.now()).toISOString()]);
      },
      async 'fulfillment_events/create'(d, e) {
        if (e.status === 'delivered') await signal(d, String(e.order_id), 'delivered', [new Date(e.happened_at ?? Date.now()).toISOString()]);
      },
    },
    async redactCustomer({ shopId, customer }) {
      if (!customer.email) return;
      // tenancy: the shop id comes from the verified compliance webhook
      await deps.knex('email_queue').where({ shopId, customerEmail: customer.email.toLowerCase() }).update({ customerEmail: null, customerName: null, htmlContent: null });
    },
    async exportCustomer({ shopId, customer }) {
      if (!customer.email) return {};
      // tenancy: the shop id comes from the verified compliance webhook
      const rows = await deps.knex('email_queue').where({ shopId, customerEmail: customer.email.toLowerCase() }).select('name', 'status', 'sentAt');
      return { reviewRequests: rows };
    },
  };
}
