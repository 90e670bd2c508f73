// The stored readings: a review's row and topic rows are replaced whole when it is read again, and
// the topic counts of every product it belonged to before or after are counted again from the
// topic rows of its published reviews (a few hundred rows per product), in the same transaction.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { LookReason } from '../analysis/needs-look';
import type { Mention } from '../analysis/mentions';

const REVIEWS = 'insight_reviews';
const REVIEW_TOPICS = 'insight_review_topics';
const PRODUCT_TOPICS = 'insight_product_topics';

export interface StoredReading {
  reviewId: number;
  productId: string | null;
  language: string | null;
  rating: number;
  score: number;
  published: boolean;
  lookReasons: LookReason[];
  mentions: Mention[];
}

export interface TopicCount {
  topic: string;
  positive: number;
  negative: number;
}

/** replaces these reviews' readings and forgets `gone` ones; recounts the products concerned */
export async function storeReadings(knex: Knex, tenant: Tenant, readings: StoredReading[], gone: number[]): Promise<void> {
  const ids = [...readings.map((r) => r.reviewId), ...gone];
  if (!ids.length) return;
  await knex.transaction(async (trx) => {
    const before = (await tenant.table(REVIEWS, trx).whereIn('review_id', ids).whereNotNull('product_id').select('productId')) as { productId: string }[];
    await tenant.table(REVIEW_TOPICS, trx).whereIn('review_id', ids).delete();
    await tenant.table(REVIEWS, trx).whereIn('review_id', ids).delete();
    if (readings.length) {
      await tenant.insertInto(
        REVIEWS,
        readings.map(({ mentions: _m, lookReasons, ...r }) => ({ ...r, lookReasons })),
        trx,
      );
      const topics = readings.flatMap((r) => r.mentions.map((m) => ({ reviewId: r.reviewId, topic: m.topic, sentiment: m.sentiment })));
      if (topics.length) await tenant.insertInto(REVIEW_TOPICS, topics, trx);
    }
    const products = new Set([...before.map((b) => b.productId), ...readings.flatMap((r) => (r.productId ? [r.productId] : []))]);
    await recount(tenant, [...products], trx);
  });
}

async function recount(tenant: Tenant, productIds: string[], trx: Knex.Transaction) {
  if (!productIds.length) return;
  // One recount per product at a time: two reviews of a product read at once would each delete, then
  // insert the counts they see (a duplicate key, or counts missing the other's review). Locks taken in
  // one order (no deadlock); a waiter then counts what the other committed.
  for (const productId of [...productIds].sort()) {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?), hashtext(?))', [PRODUCT_TOPICS, `${tenant.shopId}:${productId}`]);
  }
  await tenant.table(PRODUCT_TOPICS, trx).whereIn('product_id', productIds).delete();
  const counts = (await tenant
    .table(REVIEW_TOPICS, trx)
    .join(REVIEWS, (j) => j.on(`${REVIEWS}.shop_id`, `${REVIEW_TOPICS}.shop_id`).andOn(`${REVIEWS}.review_id`, `${REVIEW_TOPICS}.review_id`))
    .where(`${REVIEWS}.published`, true)
    .whereIn(`${REVIEWS}.product_id`, productIds)
    .groupBy(`${REVIEWS}.product_id`, `${REVIEW_TOPICS}.topic`)
    .select(`${REVIEWS}.product_id as productId`, `${REVIEW_TOPICS}.topic as topic`)
    .select(trx.raw(`count(*) filter (where ${REVIEW_TOPICS}.sentiment > 0)::int as positive`))
    .select(trx.raw(`count(*) filter (where ${REVIEW_TOPICS}.sentiment < 0)::int as negative`))) as Record<string, unknown>[];
  if (counts.length) await tenant.insertInto(PRODUCT_TOPICS, counts, trx);
}

/** everything read for the shop, before a full rebuild */
export async function forgetShop(knex: Knex, tenant: Tenant): Promise<void> {
  await knex.transaction(async (trx) => {
    await tenant.table(PRODUCT_TOPICS, trx).delete();
    await tenant.table(REVIEW_TOPICS, trx).delete();
    await tenant.table(REVIEWS, trx).delete();
  });
}

/** a product's topics, most mentioned first */
export async function productTopics(tenant: Tenant, productId: string): Promise<TopicCount[]> {
  return (await tenant
    .table(PRODUCT_TOPICS)
    .where('product_id', productId)
    .select('topic', 'positive', 'negative')
    .orderByRaw('positive + negative desc, topic')) as TopicCount[];
}

/** the shop's topics over all products */
export async function shopTopics(knex: Knex, tenant: Tenant): Promise<TopicCount[]> {
  return (await tenant
    .table(PRODUCT_TOPICS)
    .groupBy('topic')
    .select('topic')
    .select(knex.raw('sum(positive)::int as positive, sum(negative)::int as negative'))
    .orderByRaw('sum(positive + negative) desc, topic')) as TopicCount[];
}

/** one review's reading, undefined when it has not been read */
export async function reviewReading(tenant: Tenant, reviewId: number) {
  const row = (await tenant.table(REVIEWS).where('review_id', reviewId).first('reviewId', 'productId', 'language', 'score', 'published', 'lookReasons')) as
    | (Omit<StoredReading, 'mentions' | 'rating'> & { reviewId: string | number })
    | undefined;
  if (!row) return undefined;
  const topics = (await tenant.table(REVIEW_TOPICS).where('review_id', reviewId).select('topic', 'sentiment').orderBy('topic')) as {
    topic: string;
    sentiment: number;
  }[];
  return { ...row, reviewId: Number(row.reviewId), topics };
}

/** the reviews that need a look, newest first: ids and reasons */
export async function needingALook(tenant: Tenant, limit: number): Promise<{ reviewId: number; lookReasons: LookReason[] }[]> {
  const rows = (await tenant.table(REVIEWS).whereRaw("look_reasons <> '{}'").orderBy('review_id', 'desc').limit(limit).select('reviewId', 'lookReasons')) as {
    reviewId: string | number;
    lookReasons: LookReason[];
  }[];
  return rows.map((r) => ({ reviewId: Number(r.reviewId), lookReasons: r.lookReasons }));
}
