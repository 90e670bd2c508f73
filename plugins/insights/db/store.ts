// The stored readings: a review's row and topic rows are replaced whole when it is read again, and
// the topic counts of every product it belonged to before or after are counted again from the
// topic rows of its published reviews (a few hundred rows per product), in the same transaction.
// A rebuild's pages store without counting; it counts every product once at the end (recountProducts).
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { LookReason } from '../analysis/needs-look';
import type { Mention } from '../analysis/mentions';
import type { ReviewLabelsApi } from '@plaudit/contracts/reviews';
import { writeReadingLabels } from '../labels';
import { announceTopics, changedProducts, type TopicEvents } from './topics-changed';

const REVIEWS = 'insight_reviews';
const REVIEW_TOPICS = 'insight_review_topics';
const PRODUCT_TOPICS = 'insight_product_topics';

export interface StoredReading {
  reviewId: number;
  productId: string | null;
  language: string | null;
  rating: number;
  /** when the review was written (ISO 8601): its created instant */
  writtenAt: string;
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

/**
 * replaces these reviews' readings and forgets `gone` ones; recounts the products concerned unless told
 * not to, and then tells `events` (topics.updated) of those whose counts changed
 */
export async function storeReadings(
  knex: Knex,
  tenant: Tenant,
  readings: StoredReading[],
  gone: number[],
  { recount: counted = true, labels, events }: { recount?: boolean; labels?: ReviewLabelsApi; events?: TopicEvents } = {},
): Promise<void> {
  const ids = [...readings.map((r) => r.reviewId), ...gone];
  if (!ids.length) return;
  await knex.transaction(async (trx) => {
    const before = counted
      ? ((await tenant.table(REVIEWS, trx).whereIn('review_id', ids).whereNotNull('product_id').select('productId')) as { productId: string }[])
      : [];
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
    const changed = counted ? await recount(tenant, [...products], trx) : [];
    if (changed.length && events) await announceTopics(events, tenant, changed, trx);
  });
  // Manage reviews' topic chips and "needs a look" flag (labels/), once the readings are in: a
  // failure retries the whole store, which is idempotent
  if (labels) await writeReadingLabels(labels, tenant, readings, gone);
}

const RECOUNT_CHUNK = 1_000;

/** counts these products again, a thousand per transaction (a rebuild's end); answers whether any count changed */
export async function recountProducts(knex: Knex, tenant: Tenant, productIds: string[]): Promise<boolean> {
  const sorted = [...new Set(productIds)].sort();
  let changed = false;
  for (let i = 0; i < sorted.length; i += RECOUNT_CHUNK) {
    const chunk = sorted.slice(i, i + RECOUNT_CHUNK);
    if ((await knex.transaction((trx) => recount(tenant, chunk, trx))).length) changed = true;
  }
  return changed;
}

/** every product with counts or with a published review read: what a rebuild counts again */
export async function countedProducts(tenant: Tenant): Promise<string[]> {
  const read = (await tenant.table(REVIEWS).where('published', true).whereNotNull('product_id').distinct('productId')) as { productId: string }[];
  const counted = (await tenant.table(PRODUCT_TOPICS).distinct('productId')) as { productId: string }[];
  return [...new Set([...read, ...counted].map((r) => r.productId))];
}

/** counts these products' published reviews' topics again; answers the products whose counts changed */
async function recount(tenant: Tenant, productIds: string[], trx: Knex.Transaction): Promise<string[]> {
  if (!productIds.length) return [];
  // One recount per product at a time: two reviews of a product read at once would each delete, then
  // insert the counts they see (a duplicate key, or counts missing the other's review). Locks taken in
  // one order (no deadlock); a waiter then counts what the other committed.
  for (const productId of [...productIds].sort()) {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?), hashtext(?))', [PRODUCT_TOPICS, `${tenant.shopId}:${productId}`]);
  }
  const before = (await tenant.table(PRODUCT_TOPICS, trx).whereIn('product_id', productIds).select('productId', 'topic', 'positive', 'negative')) as CountRow[];
  await tenant.table(PRODUCT_TOPICS, trx).whereIn('product_id', productIds).delete();
  const counts = (await tenant
    .table(REVIEW_TOPICS, trx)
    .join(REVIEWS, (j) => j.on(`${REVIEWS}.shop_id`, `${REVIEW_TOPICS}.shop_id`).andOn(`${REVIEWS}.review_id`, `${REVIEW_TOPICS}.review_id`))
    .where(`${REVIEWS}.published`, true)
    .whereIn(`${REVIEWS}.product_id`, productIds)
    .groupBy(`${REVIEWS}.product_id`, `${REVIEW_TOPICS}.topic`)
    .select(`${REVIEWS}.product_id as productId`, `${REVIEW_TOPICS}.topic as topic`)
    .select(trx.raw(`count(*) filter (where ${REVIEW_TOPICS}.sentiment > 0)::int as positive`))
    .select(trx.raw(`count(*) filter (where ${REVIEW_TOPICS}.sentiment < 0)::int as negative`))) as CountRow[];
  if (counts.length) await tenant.insertInto(PRODUCT_TOPICS, counts as unknown as Record<string, unknown>[], trx);
  return changedProducts(productIds, before, counts);
}

type CountRow = TopicCount & { productId: string };

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
