// Requests for past orders: the same per-order workflow, started from the Admin API's orders.
import type { PlatformOrder } from '../../../api/platform/admin-api';
import type { ActivityDeps } from '../../../workflows/plugin';
import { OLD_ORDER_DAYS, reviewRequestWorkflowId, type OrderFacts } from '../workflows/messages';

const PAGE = 20;
const numericId = (gid: string) => gid.split('/').pop()!;

export function factsFromAdminOrder(o: PlatformOrder): OrderFacts {
  return {
    name: o.name,
    createdAt: new Date(o.createdAt).toISOString(),
    email: o.email,
    customerName: o.customer ? [o.customer.firstName, o.customer.lastName].filter(Boolean).join(' ') || null : null,
    customerId: o.customer ? numericId(o.customer.id) : null,
    shippingCountry: o.shippingAddress?.countryCodeV2 ?? null,
    lineItems: o.lineItems.nodes.map((li) => ({ productId: li.product?.id ?? null, title: li.title, quantity: li.quantity })),
  };
}

export async function startOldOrderPage(deps: ActivityDeps, input: { shopId: number; shopDomain: string }, cursor: string | null, remaining: number) {
  if (!deps.platform) throw new Error('No store platform is configured for the worker');
  const api = deps.platform.adminApi(input.shopDomain);
  const since = new Date(Date.now() - OLD_ORDER_DAYS * 86_400_000);
  const [total, page] = await Promise.all([api.ordersCountSince(since), api.ordersSince(since, { first: Math.max(1, Math.min(PAGE, remaining)), after: cursor ?? undefined })]);
  const orders = page.nodes.slice(0, Math.max(0, remaining));
  for (const o of orders) {
    const orderId = numericId(o.id);
    const start = (signal: string, signalArgs: unknown[]) =>
      deps.temporal.workflow.signalWithStart('reviewRequest', {
        workflowId: reviewRequestWorkflowId(input.shopDomain, orderId),
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ shopId: input.shopId, shopDomain: input.shopDomain, orderId }],
        signal,
        signalArgs,
      });
    await start('orderFacts', [factsFromAdminOrder(o)]);
    const fulfillment = o.fulfillments[0];
    if (fulfillment) await start('fulfilled', [new Date(fulfillment.createdAt).toISOString()]);
    if (fulfillment?.deliveredAt) await start('delivered', [new Date(fulfillment.deliveredAt).toISOString()]);
  }
  return { started: orders.length, total, nextCursor: page.pageInfo.hasNextPage && orders.length === page.nodes.length ? page.pageInfo.endCursor : null };
}
