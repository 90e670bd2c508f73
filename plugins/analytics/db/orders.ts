// Orders the orders/create webhook showed us, as a source of facts like the other plugins' (shared/sources.ts):
// attributed orders and revenue, and orders paid with a review reward's code, by the order's local day.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { AnalyticsSource, DayFacts, DayRange } from '@plaudit/contracts/analytics';
import { localDay } from '../shared/days';

export interface SeenOrder {
  orderId: string;
  orderedAt: Date;
  total: number;
  /** the shop's currency (REST Order `currency`) */
  currency: string | null;
  queueEntryId: number | null;
  clickedAt: Date | null;
  attributed: boolean;
  reward: boolean;
}

/** Idempotent: a redelivered webhook rewrites the same row. */
export async function recordOrder(tenant: Tenant, order: SeenOrder) {
  await tenant
    .insertInto('analytics_orders', { ...order, updatedAt: new Date() })
    .onConflict(['shop_id', 'order_id'])
    .merge();
}

/** The shop's currency as its latest order gave it. */
export async function shopCurrency(tenant: Tenant): Promise<string | null> {
  return (await tenant.table('analytics_orders').whereNotNull('currency').orderBy('ordered_at', 'desc').first('currency'))?.currency ?? null;
}

/** The local-day bounds of a range as SQL fragments' bindings: [start, end) in the timezone. */
export const rangeBounds = (r: DayRange) => [r.from, r.timezone, r.to, r.timezone];
export const IN_RANGE = (column: string) => `${column} >= (?::date::timestamp AT TIME ZONE ?) AND ${column} < ((?::date + 1)::timestamp AT TIME ZONE ?)`;
export const LOCAL_DAY = (column: string) => `to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD')`;
const BUCKET = (column: string) => `to_timestamp(floor(extract(epoch FROM ${column}) / 900) * 900)`;

export function ordersSource(knex: Knex): AnalyticsSource {
  // tenancy: SQL expressions for the tenant-scoped queries below, not queries themselves
  const sql = (text: string, bindings: readonly Knex.RawBinding[] = []) => knex.raw(text, bindings);
  return {
    async touched(since, until) {
      // tenancy: the fold's sweep finds which shops' orders changed, then works per shop
      const rows = await knex.raw(
        `SELECT shop_id, array_agg(DISTINCT ${BUCKET('ordered_at')}) AS buckets FROM analytics_orders WHERE updated_at > ? AND updated_at <= ? GROUP BY shop_id`,
        [since, until],
      );
      return rows.rows.map((r: { shop_id: string; buckets: Date[] }) => ({ shopId: Number(r.shop_id), buckets: r.buckets }));
    },
    async days(tenant, range) {
      const rows: { day: string; attributed: string; attributedRevenue: string | null; reward: string; rewardRevenue: string | null }[] = await tenant
        .table('analytics_orders')
        .select(sql(`${LOCAL_DAY('ordered_at')} AS day`, [range.timezone]))
        .select(sql('count(*) FILTER (WHERE attributed) AS attributed, sum(total) FILTER (WHERE attributed) AS attributed_revenue'))
        .select(sql('count(*) FILTER (WHERE reward) AS reward, sum(total) FILTER (WHERE reward) AS reward_revenue'))
        .whereRaw(IN_RANGE('ordered_at'), rangeBounds(range))
        .groupBy('day');
      const out: Record<string, DayFacts> = {};
      for (const r of rows) {
        out[r.day] = {
          'orders.attributed': Number(r.attributed),
          'orders.attributed_revenue': Number(r.attributedRevenue ?? 0),
          'orders.reward': Number(r.reward),
          'orders.reward_revenue': Number(r.rewardRevenue ?? 0),
        };
      }
      return out;
    },
    async firstDay(tenant, timezone) {
      const row = await tenant.table('analytics_orders').min('ordered_at as first').first();
      return row?.first ? localDay(new Date(row.first), timezone) : undefined;
    },
  };
}
