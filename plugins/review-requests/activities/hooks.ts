// Order webhooks start or advance the order's review-request workflow; idempotent per order
// whatever the order and number of deliveries (signal-with-start on the business id). One webhook
// sends one signal: orders/* the order's facts (with the fulfillment when it has one), fulfillments
// the shipment's news.
import type { ActivityDeps, PlatformHooks, WebhookDelivery } from '@plaudit/kernel';
import type { SignalDefinition, Workflow } from '@temporalio/client';
import { requestDetails, requestSummary } from '../shared/temporal-text';
import { orderFactsSignal, reviewRequestWorkflowId, shipmentSignal, type OrderFacts, type ReviewRequestInput } from '../workflows/messages';
import { customerEntries } from '../db/queue';

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
    locale: order.customer_locale ?? null,
    // the number Shopify's SMS marketing consent is about (REST Customer `phone`, `sms_marketing_consent.state`)
    phone: customer.phone ?? null,
    smsConsent: customer.sms_marketing_consent?.state ?? null,
    lineItems: (order.line_items ?? []).map((li: any) => ({
      productId: li.product_id == null ? null : `gid://shopify/Product/${li.product_id}`,
      title: String(li.title ?? ''),
      quantity: Number(li.quantity ?? 1),
    })),
  };
}

const iso = (at: unknown) => new Date((at as string | undefined) ?? Date.now()).toISOString();

export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  // The summary and details are fixed by whichever webhook starts the workflow (the name when known).
  const signal = async <A>(d: WebhookDelivery, orderId: string, def: SignalDefinition<[A]>, arg: A, orderName?: string) => {
    if (!d.shopId) return;
    await deps.temporal.client.workflow.signalWithStart<Workflow, [A]>('reviewRequest', {
      workflowId: reviewRequestWorkflowId(d.shopDomain, orderId),
      taskQueue: deps.config.temporal.taskQueue,
      args: [{ shopId: d.shopId, shopDomain: d.shopDomain, orderId } satisfies ReviewRequestInput],
      signal: def,
      signalArgs: [arg],
      staticSummary: requestSummary(d.shopDomain, orderId, orderName),
      staticDetails: requestDetails({ shopDomain: d.shopDomain, orderId, orderName, source: 'webhook', appUrl: deps.config.appUrl }),
    });
  };
  const delivered = (status: unknown) => status === 'delivered';

  return {
    webhooks: {
      async 'orders/create'(d, order) {
        const facts = orderFacts(order);
        await signal(d, String(order.id), orderFactsSignal, facts, facts.name);
      },
      async 'orders/fulfilled'(d, order) {
        const facts = { ...orderFacts(order), fulfilledAt: iso(order.fulfillments?.[0]?.created_at ?? order.updated_at) };
        await signal(d, String(order.id), orderFactsSignal, facts, facts.name);
      },
      async 'fulfillments/create'(d, f) {
        await signal(d, String(f.order_id), shipmentSignal, {
          fulfilledAt: iso(f.created_at),
          ...(delivered(f.shipment_status) ? { deliveredAt: iso(f.updated_at) } : {}),
        });
      },
      async 'fulfillments/update'(d, f) {
        if (delivered(f.shipment_status)) await signal(d, String(f.order_id), shipmentSignal, { deliveredAt: iso(f.updated_at) });
      },
      async 'fulfillment_events/create'(d, e) {
        if (delivered(e.status)) await signal(d, String(e.order_id), shipmentSignal, { deliveredAt: iso(e.happened_at) });
      },
    },
    async redactCustomer({ shopId, shopDomain, customer, ordersToRedact }) {
      // the thank-you block's channel choices (issue 32): the customer's, and those of the orders to redact
      const orders = (ordersToRedact ?? []).map((o) => String(o).split('/').pop()!);
      const customerGid = customer.id ? `gid://shopify/Customer/${String(customer.id).split('/').pop()}` : null;
      await deps
        .tenant(shopId, shopDomain)
        .table('request_channel_choices')
        .where((q) => (customerGid ? q.where({ customerGid }).orWhereIn('orderId', orders) : q.whereIn('orderId', orders)))
        .delete();
      if (!customer.email) return;
      await customerEntries(deps.tenant(shopId, shopDomain), customer.email).update({ customerEmail: null, customerName: null, htmlContent: null });
    },
    async exportCustomer({ shopId, shopDomain, customer }) {
      if (!customer.email) return {};
      const rows = await customerEntries(deps.tenant(shopId, shopDomain), customer.email).select('name', 'status', 'sentAt');
      return { reviewRequests: rows };
    },
  };
}
