// The plugin's two tables: each review's standing on Shopify, and each shop's feed token and last sync.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

export type ItemState = 'synced' | 'removed' | 'failed';

export interface ItemRow {
  reviewId: number;
  state: ItemState;
  metaobjectId: string | null;
  reason: string | null;
  syncedAt: Date;
  /** the fields as Shopify stored them after our last upsert (shared/metaobject-compare.ts) */
  fieldsHash: string | null;
  /** a merchant's change in Shopify's admin last put right */
  restoredAt: Date | null;
}

export async function itemOf(tenant: Tenant, reviewId: number): Promise<ItemRow | undefined> {
  return tenant.table('syndication_items').where({ reviewId }).first('reviewId', 'state', 'metaobjectId', 'reason', 'syncedAt', 'fieldsHash', 'restoredAt');
}

export async function recordItem(
  tenant: Tenant,
  reviewId: number,
  state: ItemState,
  o: { metaobjectId?: string | null; reason?: string | null; fieldsHash?: string | null },
) {
  const row = {
    reviewId,
    state,
    metaobjectId: o.metaobjectId ?? null,
    reason: o.reason?.slice(0, 500) ?? null,
    syncedAt: new Date(),
    fieldsHash: o.fieldsHash ?? null,
  };
  await tenant.insertInto('syndication_items', row).onConflict(['shop_id', 'review_id']).merge();
}

/** A merchant's change in Shopify's admin is being put right now. */
export async function noteRestore(tenant: Tenant, reviewId: number) {
  await tenant.table('syndication_items').where({ reviewId }).update({ restoredAt: new Date() });
}

const newToken = () => crypto.randomBytes(24).toString('base64url');

/** The shop's row, created with a fresh feed token the first time. */
export async function shopRow(tenant: Tenant) {
  await tenant.insertInto('syndication_shops', { metaToken: newToken() }).onConflict('shop_id').ignore();
  return tenant
    .table('syndication_shops')
    .first('metaToken', 'lastSyncAt', 'lastError', 'lastErrorAt', 'backfillRun', 'backfillChecked', 'backfillStartedAt', 'backfillFinishedAt');
}

/** A new re-sync becomes the shop's current one (an older run still going stops at its next page). */
export async function beginBackfill(tenant: Tenant, run: string, trx?: Knex.Transaction) {
  await shopRow(tenant);
  const at = new Date();
  await tenant.table('syndication_shops', trx).update({ backfillRun: run, backfillChecked: 0, backfillStartedAt: at, backfillFinishedAt: null, updatedAt: at });
}

/** The run's progress, counted only while it is the current one; false when it is not. */
export async function noteBackfill(tenant: Tenant, run: string, checked: number, finished = false): Promise<boolean> {
  const at = new Date();
  const changes = { backfillChecked: checked, updatedAt: at, ...(finished ? { backfillFinishedAt: at } : {}) };
  return (await tenant.table('syndication_shops').where({ backfillRun: run }).update(changes)) > 0;
}

/** A new secret for the feed URL: the old URL stops answering at once. */
export async function rotateToken(tenant: Tenant): Promise<string> {
  await shopRow(tenant);
  const metaToken = newToken();
  await tenant.table('syndication_shops').update({ metaToken, updatedAt: new Date() });
  return metaToken;
}

export async function noteSync(tenant: Tenant, error?: string) {
  await shopRow(tenant);
  const at = new Date();
  await tenant
    .table('syndication_shops')
    .update(error ? { lastSyncAt: at, lastError: error.slice(0, 500), lastErrorAt: at, updatedAt: at } : { lastSyncAt: at, updatedAt: at });
}

export async function counts(tenant: Tenant): Promise<Record<ItemState, number>> {
  const rows: { state: ItemState; n: string }[] = await tenant.table('syndication_items').select('state').count('* as n').groupBy('state');
  const out: Record<ItemState, number> = { synced: 0, removed: 0, failed: 0 };
  for (const r of rows) out[r.state] = Number(r.n);
  return out;
}

/** The reviews Shopify holds for us, by review id (a re-sync checks they are still shown). */
export async function syncedReviewIds(tenant: Tenant): Promise<number[]> {
  const rows: { reviewId: string | number }[] = await tenant.table('syndication_items').where({ state: 'synced' }).orderBy('review_id').select('reviewId');
  return rows.map((r) => Number(r.reviewId));
}

/** The shop a feed token belongs to (the public feed's only way in). */
export async function shopOfToken(knex: Knex, token: string): Promise<number | undefined> {
  // tenancy: the token is the caller's only credential; it names one shop, whose reviews alone are read
  const row = await knex('syndication_shops').where({ metaToken: token }).first('shopId');
  return row ? Number(row.shopId) : undefined;
}
