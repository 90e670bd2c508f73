// Row and bulk actions on the queue (spec section 4), enforced here, answered by the workflow.
import createHttpError from 'http-errors';
import type { Client } from '@temporalio/client';
import { type ApiServices, type Tenant, unavailableDependency } from '@plaudit/kernel';
import { cancelSignal, reviewRequestWorkflowId, sendAnywayUpdate } from '../workflows/messages';
import { entriesById } from '../db/queue';
import { listContext, rowsAfterChange } from './queue-refresh';

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

/** An update's answer; its refusal (the workflow's state moved on) is a 409 with the workflow's reason. */
export async function workflowVerdict<T>(update: () => Promise<T>): Promise<T> {
  try {
    return await update();
  } catch (err) {
    if (unavailableDependency(err)) throw err; // 503, not a refusal
    throw createHttpError(409, (err as { cause?: Error }).cause?.message ?? (err as Error).message, { code: 'REFUSED' });
  }
}

/** "Send anyway" / "resend": an update, so the caller gets the workflow's verdict. */
export function sendAnyway(client: Client, tenant: Tenant, row: { orderId: string }): Promise<string> {
  return workflowVerdict(() => handle(client, tenant, row.orderId).executeUpdate(sendAnywayUpdate));
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
