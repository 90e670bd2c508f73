// Counting days into the rollups: the fold (changed days of every shop) and a shop's rebuild (all
// its history, a month at a time so memory stays flat). Each run of days is read and written under
// the shop's lock, so the newest reading of a day is the one that stays.
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { clearShop, lockShop, replaceDays, replaceProductDays } from '../db/rollups';
import { markReady, markRebuilding, readWatermark, shopState, writeWatermark } from '../db/state';
import { addDays, addMonths, consecutiveRuns, localDay, monthStart } from '../shared/days';
import { analyticsSources, type NamedSource } from './sources';

type Deps = Pick<KernelServices, 'knex' | 'capabilities' | 'shops' | 'tenant' | 'log'>;

/** Re-reads a run of days from one source and replaces them in the rollups. */
async function countRun(deps: Deps, tenant: Tenant, { prefix, source }: NamedSource, run: { from: string; to: string }, timezone: string) {
  const range = { ...run, timezone };
  const days: string[] = [];
  for (let d = run.from; d <= run.to; d = addDays(d, 1)) days.push(d);
  await deps.knex.transaction(async (trx) => {
    await lockShop(tenant.shopId, trx);
    await replaceDays(tenant, prefix, days, await source.days(tenant, range), trx);
    if (source.productDays) await replaceProductDays(tenant, days, await source.productDays(tenant, range), trx);
  });
}

/** Runs of consecutive days, cut at month ends: each run's read and lock stay a month at most. */
export async function countDays(deps: Deps, tenant: Tenant, named: NamedSource, days: string[], timezone: string) {
  const byMonth = new Map<string, string[]>();
  for (const day of days) byMonth.set(monthStart(day), [...(byMonth.get(monthStart(day)) ?? []), day]);
  for (const monthDays of byMonth.values()) {
    for (const run of consecutiveRuns(monthDays)) await countRun(deps, tenant, named, run, timezone);
  }
}

/** Counts a shop's whole history again in its current timezone (first visit, timezone change, backfill). */
export async function rebuildShop(deps: Deps, shopId: number): Promise<{ timezone: string; months: number }> {
  const shop = await deps.shops.get(shopId);
  if (!shop) return { timezone: 'UTC', months: 0 };
  const { timezone } = shop;
  const tenant = deps.tenant(shopId, shop.domain);
  await markRebuilding(deps.knex, shopId, shop.domain, timezone);
  await deps.knex.transaction(async (trx) => {
    await lockShop(shopId, trx);
    await clearShop(tenant, trx);
  });
  const sources = analyticsSources(deps);
  const firsts = (await Promise.all(sources.map((s) => s.source.firstDay(tenant, timezone)))).filter((d): d is string => !!d);
  const last = addDays(localDay(new Date(), timezone), 1);
  let months = 0;
  if (firsts.length) {
    for (let from = [...firsts].sort()[0]; from <= last; from = monthStart(addMonths(from, 1)), months++) {
      const to = [addDays(monthStart(addMonths(from, 1)), -1), last].sort()[0];
      for (const named of sources) await countRun(deps, tenant, named, { from, to }, timezone);
    }
  }
  await markReady(deps.knex, shopId, timezone);
  return { timezone, months };
}

/** Transactions that commit later than their timestamps are caught by reading a little back. */
export const FOLD_OVERLAP_MS = 2 * 60_000;

export interface FoldResult {
  shops: number;
  days: number;
  rebuild: number[];
}

/**
 * Folds every change since the watermark: each source says which shops and 15-minute buckets
 * changed, the buckets become local days, the days are counted again. Shops never counted yet are
 * left to their rebuild; a shop whose timezone changed is returned for a rebuild.
 */
export async function foldChanges(deps: Deps): Promise<FoldResult> {
  // tenancy: the database's clock, no table
  const until: Date = (await deps.knex.raw('SELECT now() AS t')).rows[0].t;
  const watermark = await readWatermark(deps.knex);
  const result: FoldResult = { shops: 0, days: 0, rebuild: [] };
  if (watermark) {
    const since = new Date(watermark.getTime() - FOLD_OVERLAP_MS);
    const sources = analyticsSources(deps);
    const changed = new Map<number, Map<NamedSource, Date[]>>();
    for (const named of sources) {
      for (const t of await named.source.touched(since, until)) {
        if (!changed.has(t.shopId)) changed.set(t.shopId, new Map());
        changed.get(t.shopId)!.set(named, t.buckets);
      }
    }
    for (const [shopId, bySource] of changed) {
      const counted = await foldShop(deps, shopId, bySource);
      if (counted === 'rebuild') result.rebuild.push(shopId);
      else if (counted) {
        result.shops++;
        result.days += counted;
      }
    }
  }
  await writeWatermark(deps.knex, until);
  return result;
}

async function foldShop(deps: Deps, shopId: number, bySource: Map<NamedSource, Date[]>): Promise<number | 'rebuild'> {
  const state = await shopState(deps.knex, shopId);
  if (!state) return 0;
  const shop = await deps.shops.get(shopId);
  if (!shop) return 0;
  if (shop.timezone !== state.timezone) return 'rebuild';
  const tenant = deps.tenant(shopId, shop.domain);
  let days = 0;
  for (const [named, buckets] of bySource) {
    const local = [...new Set(buckets.map((b) => localDay(new Date(b), state.timezone)))];
    await countDays(deps, tenant, named, local, state.timezone);
    days += local.length;
  }
  return days;
}
