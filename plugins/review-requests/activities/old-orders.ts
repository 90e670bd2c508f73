// Requests for past orders: the same per-order workflow, started from the Admin API's orders.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { signalWithStartWorkflow, startWorkflow, type ActivityDeps, type PlatformOrder } from '@plaudit/kernel';
import { requestDetails, requestSummary, type RequestSource } from '../shared/temporal-text';
import { OLD_ORDER_DAYS, orderFactsSignal, reviewRequestWorkflowId, type OrderFacts, type ReviewRequestInput } from '../workflows/messages';
import { ReviewRequest } from '../shared/workflows';
import { requestedOrders, windowOrders } from '../db/old-orders';

const PAGE = 20;
export const numericId = (gid: string) => gid.split('/').pop()!;

export function factsFromAdminOrder(o: PlatformOrder): OrderFacts {
  const fulfillment = o.fulfillments[0];
  return {
    name: o.name,
    createdAt: new Date(o.createdAt).toISOString(),
    email: o.email,
    customerName: o.customer ? [o.customer.firstName, o.customer.lastName].filter(Boolean).join(' ') || null : null,
    customerId: o.customer ? numericId(o.customer.id) : null,
    shippingCountry: o.shippingAddress?.countryCodeV2 ?? null,
    lineItems: o.lineItems.nodes.map((li) => ({ productId: li.product?.id ?? null, title: li.title, quantity: li.quantity })),
    // Known already for a past order: carried in the same signal, so one call starts the request.
    fulfilledAt: fulfillment ? new Date(fulfillment.createdAt).toISOString() : null,
    deliveredAt: fulfillment?.deliveredAt ? new Date(fulfillment.deliveredAt).toISOString() : null,
  };
}

export interface StartTarget {
  temporal: Client;
  taskQueue: string;
  appUrl: string;
}

/** Starts (or joins) the order's review request with everything known about it. */
export async function startOrderRequest(t: StartTarget, input: { shopId: number; shopDomain: string }, o: PlatformOrder, source: RequestSource): Promise<void> {
  const orderId = numericId(o.id);
  const facts = factsFromAdminOrder(o);
  const common = {
    workflowId: reviewRequestWorkflowId(input.shopDomain, orderId),
    taskQueue: t.taskQueue,
    staticSummary: requestSummary(input.shopDomain, orderId, o.name),
    staticDetails: requestDetails({ shopDomain: input.shopDomain, orderId, orderName: o.name, source, appUrl: t.appUrl }),
  };
  try {
    // A past order usually has no request yet: a plain start carrying the facts is the cheapest
    // call (signal-with-start costs about a sixth more, bench/request-starts.ts).
    await startWorkflow(t.temporal, ReviewRequest, {
      ...common,
      args: [{ shopId: input.shopId, shopDomain: input.shopDomain, orderId, facts } satisfies ReviewRequestInput],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    // Already running (the order webhooks started it): hand it the facts the way they do.
    await signalWithStartWorkflow(t.temporal, ReviewRequest, {
      ...common,
      args: [{ shopId: input.shopId, shopDomain: input.shopDomain, orderId }],
      signal: orderFactsSignal,
      signalArgs: [facts],
    });
  }
}

export async function startOldOrderPage(deps: ActivityDeps, input: { shopId: number; shopDomain: string }, cursor: string | null, remaining: number) {
  if (!deps.platform) throw new Error('No store platform is configured for the worker');
  const api = deps.platform.adminApi(input.shopDomain);
  const since = new Date(Date.now() - OLD_ORDER_DAYS * 86_400_000);
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  // what the card counted: the orders that can still get a request (the first page tells the total)
  const total = cursor === null ? (await windowOrders(api, tenant, since)).filter((o) => o.open).length : null;
  const page = await api.ordersSince(since, { first: PAGE, after: cursor ?? undefined });
  const taken = await requestedOrders(
    tenant,
    page.nodes.map((o) => numericId(o.id)),
  );
  const open = page.nodes.filter((o) => !taken.has(numericId(o.id)));
  const orders = open.slice(0, Math.max(0, remaining));
  const target = { temporal: deps.temporal.client, taskQueue: deps.config.temporal.taskQueue, appUrl: deps.config.appUrl };
  // A page's starts go out together; each is idempotent on the order's workflow id.
  await Promise.all(orders.map((o) => startOrderRequest(target, input, o, 'old-orders')));
  return { started: orders.length, total, nextCursor: page.pageInfo.hasNextPage && orders.length === open.length ? page.pageInfo.endCursor : null };
}
