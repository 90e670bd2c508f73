// The Google push's state: each review's standing on Google (syndication_google_items) and the
// shop's last sync, last error and re-sync progress (google_* columns of syndication_shops).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { type ItemState, shopRow } from './state';

const ITEMS = 'syndication_google_items';

export interface GoogleItem {
  state: ItemState;
  name: string | null;
}

export async function googleItemOf(tenant: Tenant, reviewId: number): Promise<GoogleItem | undefined> {
  return tenant.table(ITEMS).where({ reviewId }).first('state', 'name');
}

export async function recordGoogleItem(tenant: Tenant, reviewId: number, state: ItemState, o: { name?: string | null; reason?: string | null } = {}) {
  const row = { reviewId, state, name: o.name ?? null, reason: o.reason?.slice(0, 500) ?? null, syncedAt: new Date() };
  await tenant.insertInto(ITEMS, row).onConflict(['shop_id', 'review_id']).merge();
}

export async function noteGoogleSync(tenant: Tenant, error?: string) {
  await shopRow(tenant);
  const at = new Date();
  const changes = error ? { googleLastSyncAt: at, googleLastError: error.slice(0, 500), googleLastErrorAt: at } : { googleLastSyncAt: at };
  await tenant.table('syndication_shops').update({ ...changes, updatedAt: at });
}

export async function googleCounts(tenant: Tenant): Promise<Record<ItemState, number>> {
  const rows: { state: ItemState; n: string }[] = await tenant.table(ITEMS).select('state').count('* as n').groupBy('state');
  const out: Record<ItemState, number> = { synced: 0, removed: 0, failed: 0 };
  for (const r of rows) out[r.state] = Number(r.n);
  return out;
}

/** The reviews Google holds for us, by review id (a re-sync's sweep checks they are still shown). */
export async function googleSyncedIds(tenant: Tenant): Promise<number[]> {
  const rows: { reviewId: string | number }[] = await tenant.table(ITEMS).where({ state: 'synced' }).orderBy('review_id').select('reviewId');
  return rows.map((r) => Number(r.reviewId));
}

export async function googleShopState(tenant: Tenant) {
  await shopRow(tenant);
  return tenant
    .table('syndication_shops')
    .first(
      'googleLastSyncAt',
      'googleLastError',
      'googleLastErrorAt',
      'googleBackfillRun',
      'googleBackfillChecked',
      'googleBackfillStartedAt',
      'googleBackfillFinishedAt',
    );
}

/** A new Google re-sync becomes the shop's current one (an older run stops at its next page). */
export async function beginGoogleBackfill(tenant: Tenant, run: string, trx?: Knex.Transaction) {
  await shopRow(tenant);
  const at = new Date();
  await tenant
    .table('syndication_shops', trx)
    .update({ googleBackfillRun: run, googleBackfillChecked: 0, googleBackfillStartedAt: at, googleBackfillFinishedAt: null, updatedAt: at });
}

/** The run's progress, counted only while it is the current one; false when it is not. */
export async function noteGoogleBackfill(tenant: Tenant, run: string, checked: number, finished = false): Promise<boolean> {
  const at = new Date();
  const changes = { googleBackfillChecked: checked, updatedAt: at, ...(finished ? { googleBackfillFinishedAt: at } : {}) };
  return (await tenant.table('syndication_shops').where({ googleBackfillRun: run }).update(changes)) > 0;
}
