// The messages' facts per local day, for plugins/analytics (the `analytics` source of the Messaging
// capability; metric names in contracts/messaging.ts). A message counts on the day the provider
// accepted it, with the charge its provider reported since (README "Costs"). A day range is an index
// range scan on `(shop_id, created_at)`; the sweep reads `updated_at`, kept true by a trigger.
import type { Knex } from 'knex';
import type { AnalyticsSource, DayFacts, DayRange, Touched } from '@plaudit/contracts/analytics';

const TABLE = 'messaging_messages';
const inDays = 'created_at >= (?::date::timestamp AT TIME ZONE ?) AND created_at < ((?::date + 1)::timestamp AT TIME ZONE ?)';
const dayBindings = (r: DayRange) => [r.from, r.timezone, r.to, r.timezone];

type Row = {
  day: string;
  channel: string;
  priceUnit: string | null;
  category: string | null;
  billable: boolean | null;
  n: string;
  priced: string;
  micros: string | null;
};

const add = (facts: DayFacts, name: string, n: number) => void (n && (facts[name] = (facts[name] ?? 0) + n));

/** One grouped row into its day's facts. */
function addRow(facts: DayFacts, r: Row) {
  add(facts, `messages.sent.${r.channel}`, Number(r.n));
  if (r.priceUnit && Number(r.priced)) {
    add(facts, `messages.priced.${r.channel}.${r.priceUnit}`, Number(r.priced));
    add(facts, `messages.cost_micros.${r.channel}.${r.priceUnit}`, Number(r.micros ?? 0));
  }
  if (r.category && r.billable) add(facts, `messages.billable.${r.channel}.${r.category}`, Number(r.n));
  if (r.category && r.billable === false) add(facts, `messages.free.${r.channel}`, Number(r.n));
}

const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export function messagesAnalytics(knex: Knex): AnalyticsSource {
  return {
    async touched(since, until): Promise<Touched[]> {
      // tenancy: the analytics fold's sweep finds which shops' messages changed, then reads each shop's days
      const result = await knex.raw(
        `SELECT shop_id AS shop, array_agg(DISTINCT to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900)) AS buckets
        FROM ${TABLE} WHERE updated_at > ? AND updated_at <= ? GROUP BY shop_id`,
        [since, until],
      );
      return (result.rows as { shop: number; buckets: Date[] }[]).map((r) => ({ shopId: Number(r.shop), buckets: r.buckets.map((b) => new Date(b)) }));
    },

    async days(tenant, range) {
      const rows: Row[] = await tenant
        .table(TABLE)
        // tenancy: SQL expressions within a query tenant.table() scopes to the shop
        .select(
          knex.raw(
            `to_char(created_at AT TIME ZONE ?, 'YYYY-MM-DD') AS day, channel, price_unit, pricing_category AS category, billable,
            count(*) AS n, count(price) AS priced, round(sum(price) * 1000000) AS micros`,
            [range.timezone],
          ),
        )
        .whereRaw(inDays, dayBindings(range))
        .groupByRaw('1, 2, 3, 4, 5');
      const out: Record<string, DayFacts> = {};
      for (const r of rows) addRow((out[r.day] ??= {}), r);
      return out;
    },

    async firstDay(tenant, timezone) {
      const row = await tenant.table(TABLE).first(knex.raw('min(created_at) AS first'));
      return row?.first ? dayIn(new Date(row.first), timezone) : undefined;
    },
  };
}
