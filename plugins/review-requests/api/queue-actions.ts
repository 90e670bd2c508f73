// Row and bulk actions on the queue (spec section 4), enforced here, answered by the workflow.
import createHttpError from 'http-errors';
import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { type ApiServices, type Tenant, unavailableDependency } from '@plaudit/kernel';
import { cancelSignal, type OrderFacts, reviewRequestWorkflowId, sendAnywayUpdate } from '../workflows/messages';
import { entriesById, entryById, type LineItem } from '../db/queue';
import { ReviewRequest } from '../shared/workflows';
import { requestDetails, requestSummary } from '../shared/temporal-text';
import { listContext, rowsAfterChange } from './queue-refresh';
import { refusalText } from './refusal';

export const CANCELLABLE = ['waiting', 'waitingCondition'];
// A request held over the monthly quota (pause) may be sent anyway: it is never dropped.
export const SENDABLE = ['waiting', 'waitingCondition', 'cancel', 'pause'];
export const RESENDABLE = ['cancel', 'failed', 'pause'];

export async function queueEntries(tenant: Tenant, ids: number[]) {
  const rows = await entriesById(tenant, ids);
  if (rows.length !== new Set(ids).size) throw createHttpError(404, 'Not found');
  return rows as {
    id: number;
    status: string;
    orderId: string;
    name: string;
    customerEmail: string | null;
    shopifyCustomerId: string | null;
    updatedAt: Date;
  }[];
}

export function requireStatus(rows: { status: string; name: string }[], allowed: string[], action: string) {
  const wrong = rows.filter((r) => !allowed.includes(r.status));
  if (wrong.length) {
    throw createHttpError(409, `Cannot ${action} ${wrong.map((r) => `${r.name} (${r.status})`).join(', ')}`, { code: 'WRONG_STATUS' });
  }
}

export function handle(client: Client, tenant: Tenant, orderId: string) {
  return client.workflow.getHandle(reviewRequestWorkflowId(tenant.shopDomain, orderId));
}

/** Updates wait for the workflow's verdict (a send may be part of it): longer than a signal's deadline. */
export const UPDATE_DEADLINE_MS = 10_000;

/** A refusal the merchant reads: the workflow's own reason, never its id or Temporal's wording. */

/** A failed update as the API answers it: Temporal unreachable stays a 503, a refusal is a 409 with the reason. */
function refusal(err: unknown) {
  return unavailableDependency(err) ? err : createHttpError(409, refusalText(err), { code: 'REFUSED' });
}

/** An update's answer; its refusal (the workflow's state moved on) is a 409 with the workflow's reason. */
export async function workflowVerdict<T>(update: () => Promise<T>): Promise<T> {
  try {
    return await update();
  } catch (err) {
    throw refusal(err);
  }
}

type Sendable = { id: number; orderId: string; name: string | null };

/**
 * "Send anyway" / "resend": an update to the order's running workflow, so the caller gets its verdict.
 * When no run is waiting (it ended, or the row never had one: the demo history), a new run starts
 * from the row's facts and sends at once: whatever the row's history, the merchant's go is a new attempt.
 */
export async function sendAnyway(services: Pick<ApiServices, 'temporal' | 'config'>, tenant: Tenant, row: Sendable): Promise<string> {
  const { temporal } = services;
  const update = () => temporal.call(() => handle(temporal.client, tenant, row.orderId).executeUpdate(sendAnywayUpdate), UPDATE_DEADLINE_MS);
  try {
    return await update();
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw refusal(err);
  }
  try {
    await temporal.call(() => startAttempt(services, tenant, row));
    return 'sending';
  } catch (err) {
    // another click started it in between: that run takes this go too
    if (err instanceof WorkflowExecutionAlreadyStartedError) return workflowVerdict(update);
    throw err;
  }
}

/** The order as the queue row recorded it: what a new run needs to send without the store's webhooks. */
async function startAttempt({ temporal, config }: Pick<ApiServices, 'temporal' | 'config'>, tenant: Tenant, row: Sendable) {
  const r = await entryById(tenant, row.id).first();
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  const facts: OrderFacts = {
    name: r.name ?? row.orderId,
    createdAt: iso(r.createdOrderAt ?? r.createdAt)!,
    email: r.customerEmail,
    customerName: r.customerName,
    customerId: r.shopifyCustomerId,
    shippingCountry: r.shippingCountry,
    locale: r.customerLocale,
    lineItems: (r.lineItems as LineItem[]).map((li) => ({ productId: li.productId, title: li.title, quantity: li.quantity ?? 1 })),
    fulfilledAt: iso(r.fulfilledDate),
    deliveredAt: iso(r.deliveredAt),
  };
  const { shopId, shopDomain } = tenant;
  await temporal.start(ReviewRequest, {
    workflowId: reviewRequestWorkflowId(shopDomain, row.orderId),
    taskQueue: config.temporal.taskQueue,
    args: [{ shopId, shopDomain, orderId: row.orderId, facts, sendNow: true }],
    staticSummary: requestSummary(shopDomain, row.orderId, facts.name),
    staticDetails: requestDetails({ shopDomain, orderId: row.orderId, orderName: facts.name, source: 'resend', appUrl: config.appUrl }),
  });
}

/**
 * Cancels a waiting request (the queue's row action and the public API): a signal, with the short
 * deadline (an unreachable Temporal is a quick 503); the answer is the row once the workflow recorded it.
 */
export async function cancelRequest({ temporal, shops }: Pick<ApiServices, 'temporal' | 'shops'>, tenant: Tenant, id: number) {
  const rows = await queueEntries(tenant, [id]);
  requireStatus(rows, CANCELLABLE, 'cancel');
  await temporal.call(() => handle(temporal.client, tenant, rows[0].orderId).signal(cancelSignal));
  const [row] = await rowsAfterChange(tenant, rows, await listContext(shops, tenant), { recorded: (now) => now.status === 'cancel' });
  return row;
}
