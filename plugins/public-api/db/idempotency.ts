// Idempotency keys of the public API (migrations/20261227090100_idempotency.ts): claimed by the first
// request, answered by it, replayed to its repeats for IDEMPOTENCY_TTL_HOURS. Every query goes
// through the shop's tenant: one shop's key never meets another's.
import type { Tenant } from '@plaudit/kernel';

const TABLE = 'public_api_idempotency';
export const IDEMPOTENCY_TTL_HOURS = 24;

export interface IdempotencyRecord {
  fingerprint: string;
  /** null while the first request is still running */
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: Date;
}

const expiredBefore = () => new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000);

/**
 * Claims `key` for this request: true when it is the first with it (the unique index decides
 * between concurrent ones); false when another request holds or answered it. The shop's expired
 * keys are forgotten first, so a key may be used again after a day.
 */
export async function claimKey(tenant: Tenant, key: string, keyId: number | null, fingerprint: string): Promise<boolean> {
  await tenant.table(TABLE).where('createdAt', '<', expiredBefore()).del();
  const rows = await tenant.insertInto(TABLE, { keyId, idempotencyKey: key, fingerprint }).onConflict(['shop_id', 'idempotency_key']).ignore().returning('id');
  return rows.length > 0;
}

export async function findKey(tenant: Tenant, key: string): Promise<IdempotencyRecord | undefined> {
  return tenant.table(TABLE).where({ idempotencyKey: key }).first('fingerprint', 'responseStatus', 'responseBody', 'createdAt');
}

/**
 * Takes over a key whose first request never answered (its process died) after `staleMs`: true for
 * the one request that does (the others still see a running request).
 */
export async function reclaimStaleKey(tenant: Tenant, key: string, fingerprint: string, staleMs: number): Promise<boolean> {
  const updated = await tenant
    .table(TABLE)
    .where({ idempotencyKey: key, fingerprint })
    .whereNull('responseStatus')
    .where('createdAt', '<', new Date(Date.now() - staleMs))
    .update({ createdAt: new Date() });
  return updated > 0;
}

export async function storeAnswer(tenant: Tenant, key: string, status: number, body: string): Promise<void> {
  await tenant.table(TABLE).where({ idempotencyKey: key }).update({ responseStatus: status, responseBody: body });
}

/** Frees a key whose request failed, so the client may retry it. */
export async function releaseKey(tenant: Tenant, key: string): Promise<void> {
  await tenant.table(TABLE).where({ idempotencyKey: key }).whereNull('responseStatus').del();
}
