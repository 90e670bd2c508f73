// Row and bulk actions on the queue (spec section 4), enforced here, answered by the workflow.
import createHttpError from 'http-errors';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Tenant } from '../../../api/auth/tenant';
import { reviewRequestWorkflowId } from '../workflows/messages';

export const CANCELLABLE = ['waiting', 'waitingCondition'];
export const SENDABLE = ['waiting', 'waitingCondition', 'cancel'];
export const RESENDABLE = ['cancel', 'failed'];

export async function queueEntries(knex: Knex, tenant: Tenant, ids: number[]) {
  // tenancy: scoped by the tenant's shop id
  const rows = await knex('email_queue').where({ shopId: tenant.shopId, queueType: 'email' }).whereIn('id', ids);
  if (rows.length !== new Set(ids).size) throw createHttpError(404, 'Not found');
  return rows as { id: number; status: string; orderId: string; name: string; customerEmail: string | null; shopifyCustomerId: string | null }[];
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

/** "Send anyway" / "resend": an update, so the caller gets the workflow's verdict. */
export async function sendAnyway(client: Client, tenant: Tenant, row: { orderId: string }): Promise<string> {
  try {
    return await handle(client, tenant, row.orderId).executeUpdate('sendAnyway');
  } catch (err) {
    throw createHttpError(409, (err as { cause?: Error }).cause?.message ?? (err as Error).message, { code: 'REFUSED' });
  }
}
