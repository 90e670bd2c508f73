// Writing the rollups: a source's facts replace what the rollups held for those days, so folding
// the same days twice changes nothing (the fold may overlap; see README.md).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { DayFacts, ProductFacts } from '@plaudit/contracts/analytics';
import { monthStart } from '../shared/days';

const CHUNK = 2000;

async function insertChunked(tenant: Tenant, table: string, rows: Record<string, unknown>[], trx: Knex.Transaction) {
  for (let i = 0; i < rows.length; i += CHUNK) await tenant.insertInto(table, rows.slice(i, i + CHUNK), trx);
}

/** Replaces the `prefix.*` metrics of the given days by the facts (a day absent from `facts` has none). */
export async function replaceDays(tenant: Tenant, prefix: string, days: string[], facts: Record<string, DayFacts>, trx: Knex.Transaction) {
  if (!days.length) return;
  await tenant.table('analytics_daily', trx).whereIn('day', days).where('metric', 'like', `${prefix}.%`).delete();
  const rows = days.flatMap((day) =>
    Object.entries(facts[day] ?? {})
      .filter(([metric, value]) => metric.startsWith(`${prefix}.`) && Number.isFinite(value) && value !== 0)
      .map(([metric, value]) => ({ day, metric, value })),
  );
  await insertChunked(tenant, 'analytics_daily', rows, trx);
  await refreshMetricMonths(tenant, prefix, [...new Set(days.map(monthStart))], trx);
}

/** A month's `prefix.*` metrics are the sums of its days. */
async function refreshMetricMonths(tenant: Tenant, prefix: string, months: string[], trx: Knex.Transaction) {
  await tenant.table('analytics_monthly', trx).whereIn('month', months).where('metric', 'like', `${prefix}.%`).delete();
  for (const month of months) {
    await trx.raw(
      `INSERT INTO analytics_monthly (shop_id, month, metric, value)
       SELECT shop_id, ?::date, metric, sum(value) FROM analytics_daily
       WHERE shop_id = ? AND day >= ?::date AND day < (?::date + interval '1 month') AND metric LIKE ? GROUP BY shop_id, metric`,
      [month, tenant.shopId, month, month, `${prefix}.%`],
    );
  }
}

/** Replaces the per-product facts of the days, then recomputes the months they fall in. */
export async function replaceProductDays(tenant: Tenant, days: string[], facts: Record<string, ProductFacts[]>, trx: Knex.Transaction) {
  if (!days.length) return;
  await tenant.table('analytics_product_daily', trx).whereIn('day', days).delete();
  const rows = days.flatMap((day) =>
    (facts[day] ?? []).filter((p) => p.count > 0).map((p) => ({ day, productKey: p.productKey, count: p.count, ratingSum: p.ratingSum })),
  );
  await insertChunked(tenant, 'analytics_product_daily', rows, trx);
  await refreshMonths(tenant, [...new Set(days.map(monthStart))], trx);
}

async function refreshMonths(tenant: Tenant, months: string[], trx: Knex.Transaction) {
  await tenant.table('analytics_product_monthly', trx).whereIn('month', months).delete();
  for (const month of months) {
    await trx.raw(
      `INSERT INTO analytics_product_monthly (shop_id, month, product_key, count, rating_sum)
       SELECT shop_id, ?::date, product_key, sum(count), sum(rating_sum) FROM analytics_product_daily
       WHERE shop_id = ? AND day >= ?::date AND day < (?::date + interval '1 month') GROUP BY shop_id, product_key`,
      [month, tenant.shopId, month, month],
    );
  }
}

/** Drops every rollup of the shop (a rebuild starts from nothing). */
export async function clearShop(tenant: Tenant, trx: Knex.Transaction) {
  for (const table of ['analytics_daily', 'analytics_monthly', 'analytics_product_daily', 'analytics_product_monthly']) await tenant.table(table, trx).delete();
}

/** One writer per shop at a time: the fold and a rebuild never interleave their replacements. */
export async function lockShop(shopId: number, trx: Knex.Transaction) {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?::int)', ['analytics', shopId]);
}
