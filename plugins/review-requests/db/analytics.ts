// RequestsAnalytics (issue 18): the request funnel's facts per local day, for the analytics
// plugin's daily rollups. A request's facts are keyed by the day it was sent, else the day it was
// queued (a cohort: its later open, click and review count on that day); an unsubscribe by its own
// day. A day range is an index range scan on `(shop_id, coalesce(sent_at, created_at))`.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { DayFacts, DayRange, Touched } from '@plaudit/contracts/analytics';
import { TIME_TO_REVIEW, type RequestsAnalyticsApi } from '@plaudit/contracts/review-requests';

const TABLE = 'email_queue';
const KEYED_AT = 'coalesce(sent_at, created_at)';
const localDay = (column: string) => `to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD')`;
/** [local midnight of `from`, local midnight after `to`) as instants: the index's range */
const inDays = (column: string) => `${column} >= (?::date::timestamp AT TIME ZONE ?) AND ${column} < ((?::date + 1)::timestamp AT TIME ZONE ?)`;
const dayBindings = (r: DayRange) => [r.from, r.timezone, r.to, r.timezone];
const bucketOf = (column: string) => `to_timestamp(floor(extract(epoch FROM ${column}) / 900) * 900)`;

// A review answers a request that went out (reviews of orders whose request never left are not its doing).
const REVIEWED = "queue_type = 'email' AND sent_at IS NOT NULL AND reviewed_at IS NOT NULL";
const HOURS_TO_REVIEW = 'extract(epoch FROM reviewed_at - sent_at) / 3600';
const TTR_KEY = `CASE WHEN ${REVIEWED} THEN CASE ${TIME_TO_REVIEW.filter((b) => Number.isFinite(b.hours))
  .map((b) => `WHEN ${HOURS_TO_REVIEW} <= ${b.hours} THEN '${b.key}'`)
  .join(' ')} ELSE 'more' END END`;
// Skipped: the email entry cancelled, by the merchant (no reason) or at send time (its reason).
const SKIP_KEY = "CASE WHEN queue_type = 'email' AND status = 'cancel' THEN coalesce(skip_reason, 'cancelled') END";

/** The counted metrics and which rows each counts (push entries count as sends and clicks). */
const COUNTS: [string, string][] = [
  ['requests.sent.email', "queue_type = 'email' AND sent_at IS NOT NULL"],
  ['requests.sent.push', "queue_type = 'push' AND sent_at IS NOT NULL"],
  ['requests.opened', "queue_type = 'email' AND sent_at IS NOT NULL AND opened_at IS NOT NULL"],
  ['requests.clicked', 'sent_at IS NOT NULL AND clicked_at IS NOT NULL'],
  ['requests.reviewed', REVIEWED],
  ['requests.photo', `${REVIEWED} AND photo_added_at IS NOT NULL`],
  ['requests.reminded', "queue_type = 'email' AND reminder_count > 0"],
  // reminders stop at the review, so a reviewed request with one was reviewed after it; reminded_at
  // (the first reminder's send, recorded since issue 18) makes that exact for a review that raced it
  ['requests.reviewed_after_reminder', `${REVIEWED} AND reminder_count > 0 AND (reminded_at IS NULL OR reviewed_at > reminded_at)`],
  ['requests.failed', "status = 'failed'"],
];
// Started (issue 32): a star clicked in the email, the review begun whether or not it was finished.
// Reported only when some were (like the skip reasons): an absent fact is 0.
const STARTED = "queue_type = 'email' AND sent_at IS NOT NULL AND started_at IS NOT NULL";
// The funnel per channel (issue 32): the channel that carried the request (email, sms, whatsapp), push
// entries as 'push'; delivered = a delivery receipt said so (text messages only: email has none).
const CHANNEL_KEY = "CASE WHEN queue_type = 'push' THEN 'push' ELSE channel END";
const DELIVERED = "sent_at IS NOT NULL AND delivery_status IN ('delivered', 'read')";
const COUNT_COLUMNS = [
  ...COUNTS.map(([, where], i) => `count(*) FILTER (WHERE ${where}) AS c${i}`),
  `count(*) FILTER (WHERE ${STARTED}) AS started`,
  `count(*) FILTER (WHERE ${DELIVERED}) AS delivered`,
].join(', ');

// tenancy: SQL expressions only, selected within queries that tenant.table() scopes to the shop
const expression = (knex: Knex, sql: string, bindings: string[] = []) => knex.raw(sql, bindings);

type FactRow = { day: string; skipKey: string | null; ttrKey: string | null; channelKey: string; n: number } & Record<string, number>;

function emptyDay(): DayFacts {
  return { ...Object.fromEntries(COUNTS.map(([name]) => [name, 0])), 'requests.unsubscribed': 0 };
}

const add = (facts: DayFacts, name: string, n: number) => void (facts[name] = (facts[name] ?? 0) + n);

/** requests.channel.<channel>.<sent|delivered|clicked|started|reviewed>, reported when not 0. */
function addChannelFacts(facts: DayFacts, r: FactRow) {
  const steps = {
    sent: Number(r.c0) + Number(r.c1),
    delivered: Number(r.delivered),
    clicked: Number(r.c3),
    started: Number(r.started),
    reviewed: Number(r.c4),
  };
  for (const [step, n] of Object.entries(steps)) if (n > 0) add(facts, `requests.channel.${r.channelKey}.${step}`, n);
}

async function requestDays(knex: Knex, tenant: Tenant, range: DayRange, out: Record<string, DayFacts>) {
  const rows: FactRow[] = await tenant
    .table(TABLE)
    .select(
      expression(
        knex,
        `${localDay(KEYED_AT)} AS day, ${SKIP_KEY} AS skip_key, ${TTR_KEY} AS ttr_key, ${CHANNEL_KEY} AS channel_key, count(*) AS n, ${COUNT_COLUMNS}`,
        [range.timezone],
      ),
    )
    .whereRaw(inDays(KEYED_AT), dayBindings(range))
    .groupByRaw('1, 2, 3, 4');
  for (const r of rows) {
    const facts = (out[r.day] ??= emptyDay());
    COUNTS.forEach(([name], i) => add(facts, name, Number(r[`c${i}`])));
    if (Number(r.started) > 0) add(facts, 'requests.started', Number(r.started));
    addChannelFacts(facts, r);
    if (r.skipKey) add(facts, `requests.skipped.${r.skipKey}`, Number(r.n));
    if (r.ttrKey) add(facts, `requests.ttr.${r.ttrKey}`, Number(r.n));
  }
}

async function unsubscribeDays(knex: Knex, tenant: Tenant, range: DayRange, out: Record<string, DayFacts>) {
  const rows: { day: string; n: number }[] = await tenant
    .table(TABLE)
    .select(expression(knex, `${localDay('unsubscribed_at')} AS day, count(*) AS n`, [range.timezone]))
    .whereRaw(inDays('unsubscribed_at'), dayBindings(range))
    .groupByRaw('1');
  for (const r of rows) (out[r.day] ??= emptyDay())['requests.unsubscribed'] = Number(r.n);
}

const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export function requestsAnalytics(knex: Knex): RequestsAnalyticsApi {
  return {
    async touched(since, until): Promise<Touched[]> {
      // tenancy: the analytics fold's sweep finds which shops' requests changed, then reads each shop's days
      const result = await knex.raw(
        `SELECT q.shop_id AS shop, array_agg(DISTINCT ${bucketOf('u.at')}) AS buckets
        FROM ${TABLE} q CROSS JOIN LATERAL unnest(ARRAY[q.created_at, q.sent_at, q.unsubscribed_at]) AS u(at)
        WHERE q.updated_at > ? AND q.updated_at <= ? AND u.at IS NOT NULL GROUP BY q.shop_id`,
        [since, until],
      );
      return (result.rows as { shop: number; buckets: Date[] }[]).map((r) => ({ shopId: Number(r.shop), buckets: r.buckets.map((b) => new Date(b)) }));
    },

    async days(tenant, range) {
      const out: Record<string, DayFacts> = {};
      await requestDays(knex, tenant, range, out);
      await unsubscribeDays(knex, tenant, range, out);
      return out;
    },

    async firstDay(tenant, timezone) {
      // two MIN()s the planner answers from the indexes' first entries
      const row = await tenant.table(TABLE).first(expression(knex, `min(${KEYED_AT}) AS first_request, min(unsubscribed_at) AS first_unsubscribe`));
      const firsts = [row?.firstRequest, row?.firstUnsubscribe].filter(Boolean).map((d) => new Date(d).getTime());
      return firsts.length ? dayIn(new Date(Math.min(...firsts)), timezone) : undefined;
    },

    async clickedAt(tenant, queueEntryId) {
      if (!Number.isSafeInteger(queueEntryId) || queueEntryId <= 0) return undefined;
      const row = await tenant.table(TABLE).where({ id: queueEntryId }).first('clickedAt');
      return row?.clickedAt ? new Date(row.clickedAt) : undefined;
    },
  };
}
