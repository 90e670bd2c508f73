// QuestionsAnalytics (@plaudit/contracts/questions): questions asked and answered per local day of the
// shop, keyed by created_at and answered_at. The sweep reads the marks that triggers keep of every
// change to those dates, deletes included (migrations/20270205090000_questions_analytics.ts).
import type { Knex } from 'knex';
import { localDay, type Tenant } from '@plaudit/kernel';
import type { DayFacts, DayRange } from '@plaudit/contracts/analytics';
import type { QuestionsAnalyticsApi } from '@plaudit/contracts/questions';
import { QUESTION_METRICS } from '../shared/analytics';

const asked = (tenant: Tenant) => tenant.table('questions');
/** the same condition as the partial index questions_shop_answered, written out so it serves */
const answered = (tenant: Tenant) => tenant.table('questions').whereRaw('published_answers > 0').whereNotNull('answeredAt');

export function questionsAnalyticsSource(knex: Knex): QuestionsAnalyticsApi {
  // tenancy: SQL expressions for the tenant-scoped queries below, not queries themselves
  const sql = (text: string, bindings: readonly Knex.RawBinding[] = []) => knex.raw(text, bindings);

  /** the count per local day of `col` within the range (an interval on col, for its index) */
  const perDay = (qb: Knex.QueryBuilder, col: 'created_at' | 'answered_at', { from, to, timezone }: DayRange): Promise<{ day: string; count: number }[]> =>
    qb
      .whereRaw(`${col} >= (?::date)::timestamp AT TIME ZONE ?`, [from, timezone])
      .whereRaw(`${col} < (?::date + 1)::timestamp AT TIME ZONE ?`, [to, timezone])
      .select(sql(`to_char((${col} AT TIME ZONE ?)::date, 'YYYY-MM-DD') AS day`, [timezone]), sql('count(*) AS count'))
      .groupByRaw('1');

  return {
    async touched(since, until) {
      // tenancy: the analytics sweep crosses shops by design: it only says which shops' days to recount
      const { rows } = await knex.raw(
        `SELECT shop_id AS "shopId", array_agg(DISTINCT bucket ORDER BY bucket) AS buckets
           FROM question_analytics_marks WHERE marked_at > ? AND marked_at <= ?
          GROUP BY shop_id ORDER BY shop_id`,
        [since, until],
      );
      return (rows as { shopId: number; buckets: Date[] }[]).map((r) => ({ shopId: Number(r.shopId), buckets: r.buckets.map((b) => new Date(b)) }));
    },

    async days(tenant, range) {
      const [a, b] = await Promise.all([perDay(asked(tenant), 'created_at', range), perDay(answered(tenant), 'answered_at', range)]);
      const byDay: Record<string, DayFacts> = {};
      for (const r of a) (byDay[r.day] ??= {})[QUESTION_METRICS.asked] = Number(r.count);
      for (const r of b) (byDay[r.day] ??= {})[QUESTION_METRICS.answered] = Number(r.count);
      return byDay;
    },

    async firstDay(tenant, timezone) {
      const [first, firstAnswer] = await Promise.all([asked(tenant).min({ at: 'createdAt' }).first(), answered(tenant).min({ at: 'answeredAt' }).first()]);
      const at = [first?.at, firstAnswer?.at].filter((d): d is Date => !!d).sort((x, y) => +x - +y)[0];
      return at && localDay(at, timezone);
    },
  };
}
