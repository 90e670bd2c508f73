// RewardsAnalytics (@plaudit/contracts/rewards): reward codes sent and used per local day of the shop,
// keyed by sent_at and used_at, and the reward codes among an order's discount codes. The sweep's
// updated_at is kept by a trigger (migrations/20261230090100_analytics_source.ts).
import type { Knex } from 'knex';
import { localDay, type Tenant } from '@plaudit/kernel';
import type { DayFacts, DayRange } from '@plaudit/contracts/analytics';
import type { RewardsAnalyticsApi } from '@plaudit/contracts/rewards';
import { rewards } from './rewards';

/** the statuses the settings page counts as issued (db/rewards.ts rewardReport) */
const SENT = ['sent', 'used', 'expired'];
const bucket = (col: string) => `to_timestamp(floor(extract(epoch FROM ${col}) / 900) * 900)`;

const sentRewards = (tenant: Tenant) => rewards(tenant).whereIn('status', SENT).whereNotNull('sentAt');
const usedRewards = (tenant: Tenant) => rewards(tenant).where('status', 'used').whereNotNull('usedAt');

export function rewardsAnalyticsSource(knex: Knex): RewardsAnalyticsApi {
  // tenancy: SQL expressions for the tenant-scoped queries below, not queries themselves
  const sql = (text: string, bindings: readonly Knex.RawBinding[] = []) => knex.raw(text, bindings);

  /** the count per local day of `col` within the range (an interval on col, for its index) */
  const perDay = (qb: Knex.QueryBuilder, col: 'sent_at' | 'used_at', { from, to, timezone }: DayRange): Promise<{ day: string; count: number }[]> =>
    qb
      .whereRaw(`${col} >= (?::date)::timestamp AT TIME ZONE ?`, [from, timezone])
      .whereRaw(`${col} < (?::date + 1)::timestamp AT TIME ZONE ?`, [to, timezone])
      .select(sql(`to_char((${col} AT TIME ZONE ?)::date, 'YYYY-MM-DD') AS day`, [timezone]), sql('count(*) AS count'))
      .groupByRaw('1');

  return {
    async touched(since, until) {
      // tenancy: the analytics sweep crosses shops by design: it only says which shops' days to recount
      const { rows } = await knex.raw(
        `SELECT shop_id AS "shopId", array_agg(DISTINCT b ORDER BY b) AS buckets
           FROM rewards, LATERAL (VALUES (${bucket('sent_at')}), (${bucket('used_at')})) AS keyed(b)
          WHERE updated_at > ? AND updated_at <= ? AND b IS NOT NULL
          GROUP BY shop_id ORDER BY shop_id`,
        [since, until],
      );
      return (rows as { shopId: number; buckets: Date[] }[]).map((r) => ({ shopId: Number(r.shopId), buckets: r.buckets.map((b) => new Date(b)) }));
    },

    async days(tenant, range) {
      const [sent, used] = await Promise.all([perDay(sentRewards(tenant), 'sent_at', range), perDay(usedRewards(tenant), 'used_at', range)]);
      const byDay: Record<string, DayFacts> = {};
      for (const r of sent) (byDay[r.day] ??= {})['rewards.sent'] = Number(r.count);
      for (const r of used) (byDay[r.day] ??= {})['rewards.used'] = Number(r.count);
      return byDay;
    },

    async firstDay(tenant, timezone) {
      const [sent, used] = await Promise.all([sentRewards(tenant).min({ at: 'sentAt' }).first(), usedRewards(tenant).min({ at: 'usedAt' }).first()]);
      const first = [sent?.at, used?.at].filter((at): at is Date => !!at).sort((a, b) => +a - +b)[0];
      return first && localDay(first, timezone);
    },

    async rewardCodes(tenant, codes) {
      const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
      if (!wanted.length) return [];
      const rows: { code: string }[] = await rewards(tenant)
        .whereRaw('lower(code) = ANY(?::text[])', [wanted.map((c) => c.toLowerCase())])
        .select('code');
      const ours = new Set(rows.map((r) => r.code.toLowerCase()));
      return wanted.filter((c) => ours.has(c.toLowerCase()));
    },
  };
}
