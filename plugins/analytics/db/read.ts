// Reading the rollups: a period's totals, a few metrics per chart bucket, and the product ranking.
// Each is one index range scan over (shop_id, day): cost follows the period's length, not the data.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { PeriodInfo, ProductRank } from '../shared/api';
import { addDays, addMonths, dayCount, monthStart } from '../shared/days';
import { MIN_PRODUCT_REVIEWS } from '../shared/api';

export type Totals = Record<string, number>;

/** A period as whole months (read from analytics_monthly) and the edge days around them (from analytics_daily). */
export function splitPeriod(from: string, to: string) {
  const firstFull = from === monthStart(from) ? from : addMonths(monthStart(from), 1);
  const lastFull = addDays(to, 1) === monthStart(addDays(to, 1)) ? monthStart(to) : addMonths(monthStart(to), -1);
  if (firstFull > lastFull) return { months: null, edges: [{ from, to }] };
  const edges = [
    { from, to: addDays(firstFull, -1) },
    { from: addMonths(lastFull, 1), to },
  ].filter((e) => e.from <= e.to);
  return { months: { from: firstFull, to: lastFull }, edges };
}

/** The period's rows: edge days and whole months, each with its bucket (month or day) for grouping. */
function periodRows(knex: Knex, tenant: Tenant, from: string, to: string, metrics?: string[], byMonth = true) {
  // a month's row cannot be cut into days or weeks: day and week buckets read days only
  const { months, edges } = byMonth ? splitPeriod(from, to) : { months: null, edges: [{ from, to }] };
  const daily = tenant
    .table('analytics_daily')
    .select('metric', 'value', 'day as at')
    .where((q) => {
      edges.length ? edges.forEach((e) => q.orWhereBetween('day', [e.from, e.to])) : q.whereRaw('false');
    });
  const monthly = tenant
    .table('analytics_monthly')
    .select('metric', 'value', 'month as at')
    .where((q) => {
      months ? q.whereBetween('month', [months.from, months.to]) : q.whereRaw('false');
    });
  if (metrics) [daily, monthly].forEach((q) => q.whereIn('metric', metrics));
  return knex.from(daily.unionAll(monthly, true).as('period'));
}

export async function totals(knex: Knex, tenant: Tenant, from: string, to: string): Promise<Totals> {
  const rows: { metric: string; value: string }[] = await periodRows(knex, tenant, from, to).select('metric').sum({ value: 'value' }).groupBy('metric');
  return Object.fromEntries(rows.map((r) => [r.metric, Number(r.value)]));
}

/** Metric sums per bucket (its first day: Monday for weeks); buckets are clipped to the period. */
export async function series(
  knex: Knex,
  tenant: Tenant,
  from: string,
  to: string,
  granularity: PeriodInfo['granularity'],
  metrics: string[],
): Promise<Record<string, Totals>> {
  // tenancy: an SQL expression over the tenant-scoped rows of periodRows
  const bucket = knex.raw(`to_char(date_trunc(?, at), 'YYYY-MM-DD') AS bucket`, [granularity]);
  const rows: { bucket: string; metric: string; value: string }[] = await periodRows(knex, tenant, from, to, metrics, granularity === 'month')
    .select(bucket, 'metric')
    .sum({ value: 'value' })
    .groupBy('bucket', 'metric');
  const out: Record<string, Totals> = {};
  for (const r of rows) (out[r.bucket] ??= {})[r.metric] = Number(r.value);
  return out;
}

/** The buckets of a period in order, so empty buckets are shown as such. */
export function bucketsOf(from: string, to: string, granularity: PeriodInfo['granularity']): string[] {
  const first =
    granularity === 'day' ? from : granularity === 'month' ? monthStart(from) : addDays(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7));
  const out: string[] = [];
  for (let b = first; b <= to; b = granularity === 'day' ? addDays(b, 1) : granularity === 'week' ? addDays(b, 7) : addMonths(b, 1)) out.push(b);
  return out;
}

/** Up to 92 days per day; longer periods per whole month (the months the period touches). */
export function productRange(from: string, to: string) {
  if (dayCount(from, to) <= 92) return { table: 'analytics_product_daily', column: 'day', from, to };
  return { table: 'analytics_product_monthly', column: 'month', from: monthStart(from), to: addDays(addMonths(monthStart(to), 1), -1) };
}

export async function rankProducts(tenant: Tenant, from: string, to: string, order: 'desc' | 'asc', limit = 5): Promise<Omit<ProductRank, 'title'>[]> {
  const r = productRange(from, to);
  const rows: { productKey: string; count: string; ratingSum: string }[] = await tenant
    .table(r.table)
    .select('product_key')
    .sum({ count: 'count', rating_sum: 'rating_sum' })
    .whereBetween(r.column, [r.from, r.to])
    .groupBy('product_key')
    .havingRaw('sum(count) >= ?', [MIN_PRODUCT_REVIEWS])
    .orderByRaw(`sum(rating_sum)::numeric / sum(count) ${order === 'desc' ? 'DESC' : 'ASC'}, sum(count) DESC, product_key`)
    .limit(limit);
  return rows.map((x) => ({ productKey: x.productKey, count: Number(x.count), average: Number(x.ratingSum) / Number(x.count) }));
}
