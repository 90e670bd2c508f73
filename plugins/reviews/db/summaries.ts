// review_summaries is a projection of published reviews per (shop, product key); '' is the store.
// Every change recomputes the keys it touched, inside the same transaction, under a per-key
// advisory lock so concurrent changes to one product cannot interleave stale counts. A change also
// ends a refused rating push's wait (activities/rating-sync.ts): it goes out with the next sync.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { LINKED_STORE_SOURCE, type RatingSummary } from '@plaudit/contracts/reviews';
import { ReviewSummary } from './review.model';

export async function recomputeSummaries(trx: Knex.Transaction, shopId: number, productKeys: Iterable<string | null | undefined>) {
  const keys = [...new Set([...productKeys].map((k) => k ?? ''))].sort();
  if (keys.length === 0) return;
  // tenancy: every statement below binds the shop id explicitly
  await trx.raw('SELECT pg_advisory_xact_lock(?::int, hashtext(k)) FROM unnest(?::text[]) AS k', [shopId % 2 ** 31, keys]);
  // tenancy: shop id bound on both the reviews read and the summary rows written
  await trx.raw(
    `INSERT INTO review_summaries AS s (shop_id, product_key, count, rating_sum, stars1, stars2, stars3, stars4, stars5, media_count, created_at, updated_at)
     SELECT ?, k.key, count(r.id), coalesce(sum(r.rating), 0),
            count(*) FILTER (WHERE r.rating = 1), count(*) FILTER (WHERE r.rating = 2), count(*) FILTER (WHERE r.rating = 3),
            count(*) FILTER (WHERE r.rating = 4), count(*) FILTER (WHERE r.rating = 5),
            count(*) FILTER (WHERE r.media_count > 0), now(), now()
       FROM unnest(?::text[]) AS k(key)
       LEFT JOIN reviews r ON r.shop_id = ? AND r.product_key = k.key AND r.status = 'published'
      GROUP BY k.key
     ON CONFLICT (shop_id, product_key) DO UPDATE SET
       count = excluded.count, rating_sum = excluded.rating_sum, stars1 = excluded.stars1, stars2 = excluded.stars2,
       stars3 = excluded.stars3, stars4 = excluded.stars4, stars5 = excluded.stars5, media_count = excluded.media_count,
       updated_at = now(), sync_retry_at = NULL`,
    [shopId, keys, shopId],
  );
}

/** Product keys touched by a set of rows (returned by an UPDATE ... RETURNING). */
export function keysOf(rows: { productKey?: string | null; productId?: string | null }[]): string[] {
  return rows.map((r) => r.productKey ?? r.productId ?? '');
}

export function toProductSummary(s: ReviewSummary): RatingSummary {
  return {
    productId: s.productKey,
    count: s.count,
    average: s.count ? Math.round((s.ratingSum / s.count) * 100) / 100 : 0,
    stars: { 1: s.stars1, 2: s.stars2, 3: s.stars3, 4: s.stars4, 5: s.stars5 },
    mediaCount: s.mediaCount,
  };
}

export async function productSummaries(tenant: Tenant, productIds: string[]) {
  const rows = productIds.length ? await tenant.query(ReviewSummary).whereIn('productKey', productIds) : [];
  return Object.fromEntries(rows.map((s) => [s.productKey, toProductSummary(s)]));
}

/**
 * The products' summaries counted from their published reviews without the copies of a linked store's
 * (LINKED_STORE_SOURCE): live, for the few callers that need it (the projection counts every source).
 */
export async function ownSummaries(tenant: Tenant, productIds: string[]): Promise<Record<string, RatingSummary>> {
  if (!productIds.length) return {};
  const rows: { productKey: string; count: string; ratingSum: string; s1: string; s2: string; s3: string; s4: string; s5: string; media: string }[] =
    await tenant
      .table('reviews')
      .whereIn('productKey', productIds)
      .where({ status: 'published' })
      .whereNot('source', LINKED_STORE_SOURCE)
      .groupBy('productKey')
      .select('productKey')
      .select(
        ReviewSummary.knex().raw(`count(*) AS count, coalesce(sum(rating), 0) AS rating_sum, count(*) FILTER (WHERE rating = 1) AS s1,
          count(*) FILTER (WHERE rating = 2) AS s2, count(*) FILTER (WHERE rating = 3) AS s3, count(*) FILTER (WHERE rating = 4) AS s4,
          count(*) FILTER (WHERE rating = 5) AS s5, count(*) FILTER (WHERE media_count > 0) AS media`),
      );
  const n = (v: string) => Number(v);
  return Object.fromEntries(
    rows.map((r) => {
      const count = n(r.count);
      const average = count ? Math.round((n(r.ratingSum) / count) * 100) / 100 : 0;
      const stars = { 1: n(r.s1), 2: n(r.s2), 3: n(r.s3), 4: n(r.s4), 5: n(r.s5) };
      return [r.productKey, { productId: r.productKey, count, average, stars, mediaCount: n(r.media) }];
    }),
  );
}

/** The shop as a whole (every product and the store itself), its products only, or the store only ('' is its key). */
export async function shopSummary(tenant: Tenant, include: 'all' | 'product' | 'store' = 'all') {
  const query = tenant.query(ReviewSummary);
  if (include === 'store') query.where('productKey', '');
  if (include === 'product') query.whereNot('productKey', '');
  const rows = await query;
  const total = rows.reduce(
    (acc, s) => {
      acc.count += s.count;
      acc.ratingSum += s.ratingSum;
      acc.mediaCount += s.mediaCount;
      for (const n of [1, 2, 3, 4, 5] as const) acc.stars[n] += s[`stars${n}`];
      return acc;
    },
    { count: 0, ratingSum: 0, mediaCount: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<1 | 2 | 3 | 4 | 5, number> },
  );
  return {
    count: total.count,
    average: total.count ? Math.round((total.ratingSum / total.count) * 100) / 100 : 0,
    stars: total.stars,
    mediaCount: total.mediaCount,
  };
}
