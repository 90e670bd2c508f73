// `ReviewAnalytics` (contracts/reviews.ts): the facts of a shop's reviews per local day, keyed by
// created_at, for the analytics plugin's daily rollups. Reviews in the trash are counted nowhere.
// One grouped query per call over (shop_id, created_at); the sweep over updated_at and the marks of
// deleted or re-dated reviews (migrations/20261230090000_analytics_source.ts).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { DayFacts, DayRange, ProductFacts, Touched } from '@plaudit/contracts/analytics';
import { LINKED_STORE_SOURCE, type ReviewAnalyticsApi } from '@plaudit/contracts/reviews';

/** A review's `source` -> its group in the sources chart; a QR card's review is 'qr' whatever its source. */
const SOURCE_GROUPS: Record<string, readonly string[]> = {
  customer: ['customer'],
  imported: ['imported'],
  marketplace: ['amazon', 'aliexpress', 'cjdropshipping', 'shopee'],
  guest: ['guest'],
  admin: ['admin'],
};

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** metric name -> its aggregate over one day's reviews */
const METRICS: [name: string, sql: string][] = [
  ['reviews.count', 'count(*)'],
  ['reviews.rating_sum', 'sum(rating)'],
  ...[1, 2, 3, 4, 5].map((n): [string, string] => [`reviews.stars${n}`, `count(*) FILTER (WHERE rating = ${n})`]),
  ['reviews.with_photo', `count(*) FILTER (WHERE media @> '[{"type":"image"}]')`],
  ['reviews.with_video', `count(*) FILTER (WHERE media @> '[{"type":"video"}]')`],
  ['reviews.source.qr', `count(*) FILTER (WHERE submitted_via = 'qr')`],
  ...Object.entries(SOURCE_GROUPS).map(([group, sources]): [string, string] => [
    `reviews.source.${group}`,
    `count(*) FILTER (WHERE submitted_via IS NULL AND source IN (${quoted(sources)}))`,
  ]),
];

const BUCKET = 'to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900)';
/** created_at's local day in the timezone bound to the `?` */
const LOCAL_DAY = `to_char((created_at AT TIME ZONE ?)::date, 'YYYY-MM-DD')`;

export function reviewsAnalyticsSource(knex: Knex): ReviewAnalyticsApi {
  // tenancy: SQL expressions for the tenant-scoped queries below, not queries themselves
  const sql = (text: string, bindings: readonly Knex.RawBinding[] = []) => knex.raw(text, bindings);

  // a linked shop's review copied here counts in its own shop only (counted once)
  const counted = (tenant: Tenant) => tenant.table('reviews').whereNot('status', 'trash').whereNull('deletedAt').whereNot('source', LINKED_STORE_SOURCE);
  /** the range's local days as a created_at interval, so the (shop_id, created_at) index serves it */
  const inRange = (tenant: Tenant, { from, to, timezone }: DayRange) =>
    counted(tenant)
      .whereRaw('created_at >= (?::date)::timestamp AT TIME ZONE ?', [from, timezone])
      .whereRaw('created_at < (?::date + 1)::timestamp AT TIME ZONE ?', [to, timezone]);

  return {
    async touched(since, until) {
      // tenancy: the analytics sweep crosses shops by design: it only says which shops' days to recount
      const { rows } = await knex.raw(
        `SELECT shop_id AS "shopId", array_agg(DISTINCT bucket ORDER BY bucket) AS buckets FROM (
           SELECT shop_id, ${BUCKET} AS bucket FROM reviews WHERE updated_at > ? AND updated_at <= ?
           UNION ALL
           SELECT shop_id, bucket FROM review_analytics_marks WHERE marked_at > ? AND marked_at <= ?
         ) changed GROUP BY shop_id ORDER BY shop_id`,
        [since, until, since, until],
      );
      return (rows as { shopId: number; buckets: Date[] }[]).map((r): Touched => ({ shopId: Number(r.shopId), buckets: r.buckets.map((b) => new Date(b)) }));
    },

    async days(tenant, range) {
      const rows: Record<string, string | number | null>[] = await inRange(tenant, range)
        .select(sql(`${LOCAL_DAY} AS day`, [range.timezone]), ...METRICS.map(([, aggregate], i) => sql(`${aggregate} AS m${i}`)))
        .groupByRaw('1');
      return Object.fromEntries(
        rows.map((r) => {
          const facts: DayFacts = {};
          METRICS.forEach(([name], i) => {
            const value = Number(r[`m${i}`] ?? 0);
            if (value) facts[name] = value;
          });
          return [r.day as string, facts];
        }),
      );
    },

    async productDays(tenant, range) {
      const rows: { day: string; productKey: string; count: number; ratingSum: string }[] = await inRange(tenant, range)
        .where('kind', 'product')
        .select(sql(`${LOCAL_DAY} AS day`, [range.timezone]), 'productKey', sql('count(*) AS count'), sql('sum(rating) AS rating_sum'))
        .groupByRaw('1, 2')
        .orderByRaw('1, 2');
      const byDay: Record<string, ProductFacts[]> = {};
      for (const r of rows) (byDay[r.day] ??= []).push({ productKey: r.productKey, count: Number(r.count), ratingSum: Number(r.ratingSum) });
      return byDay;
    },

    async firstDay(tenant, timezone) {
      const row: { day: string | null } | undefined = await counted(tenant)
        .select(sql(`to_char((min(created_at) AT TIME ZONE ?)::date, 'YYYY-MM-DD') AS day`, [timezone]))
        .first();
      return row?.day ?? undefined;
    },

    async productTitles(tenant, productKeys) {
      if (!productKeys.length) return {};
      // One index probe per product (reviews_shop_product): the newest published review's title, so a
      // product renamed in the store shows its current name; else any review's. Never all its reviews.
      const title = (published: boolean) => `(SELECT product_title FROM reviews WHERE shop_id = ? AND product_key = k.key AND product_title IS NOT NULL
        ${published ? "AND status = 'published' ORDER BY created_at DESC, id DESC" : ''} LIMIT 1)`;
      // tenancy: both probes are bound to the tenant's shop id
      const { rows } = await knex.raw(
        `SELECT k.key AS "productKey", coalesce(${title(true)}, ${title(false)}) AS "productTitle" FROM unnest(?::text[]) AS k(key)`,
        [tenant.shopId, tenant.shopId, [...new Set(productKeys)]],
      );
      return Object.fromEntries(
        (rows as { productKey: string; productTitle: string | null }[]).filter((r) => r.productTitle).map((r) => [r.productKey, r.productTitle!]),
      );
    },
  };
}
