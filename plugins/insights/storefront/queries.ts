// What the review box reads of the stored readings (the topic counts are db/store.ts's): the published reviews
// mentioning a topic, the candidates for a summary sentence, and the shop's version of all of it.
// Published reviews only, as the counts (db/store.ts) are of published reviews only.
import type { Tenant } from '@plaudit/kernel';

const REVIEWS = 'insight_reviews';
const REVIEW_TOPICS = 'insight_review_topics';
const VERSIONS = 'insight_versions';

/** a review that may be quoted: its language and stars, as read */
export interface Candidate {
  reviewId: number;
  language: string;
  rating: number;
}

/** the product's published reviews that were read, joined to their topic rows */
function publishedMentions(tenant: Tenant, productId: string, topic: string) {
  return tenant
    .table(REVIEWS)
    .join(REVIEW_TOPICS, (j) => j.on(`${REVIEWS}.shop_id`, `${REVIEW_TOPICS}.shop_id`).andOn(`${REVIEWS}.review_id`, `${REVIEW_TOPICS}.review_id`))
    .where(`${REVIEWS}.product_id`, productId)
    .where(`${REVIEWS}.published`, true)
    .where(`${REVIEW_TOPICS}.topic`, topic);
}

/** the published reviews of the product that mention the topic, newest (highest id) first */
export async function topicReviewIds(tenant: Tenant, productId: string, topic: string, limit: number): Promise<number[]> {
  const rows = (await publishedMentions(tenant, productId, topic)
    .orderBy(`${REVIEWS}.review_id`, 'desc')
    .limit(limit)
    .select(`${REVIEWS}.review_id as reviewId`)) as { reviewId: string | number }[];
  return rows.map((r) => Number(r.reviewId));
}

/**
 * Reviews that may be quoted for one topic going one way: published, nothing for the merchant to
 * look at (no contradiction, safety matter or spam), those in `lang` first, then the newest.
 */
export async function candidates(tenant: Tenant, productId: string, topic: string, sentiment: 1 | -1, lang: string, limit: number): Promise<Candidate[]> {
  const rows = (await publishedMentions(tenant, productId, topic)
    .where(`${REVIEW_TOPICS}.sentiment`, sentiment)
    .whereRaw(`${REVIEWS}.look_reasons = '{}'`)
    .whereNotNull(`${REVIEWS}.language`)
    .orderByRaw(`(${REVIEWS}.language = ?) desc, ${REVIEWS}.review_id desc`, [lang])
    .limit(limit)
    .select(`${REVIEWS}.review_id as reviewId`, `${REVIEWS}.language as language`, `${REVIEWS}.rating as rating`)) as (Candidate & {
    reviewId: string | number;
  })[];
  return rows.map((r) => ({ ...r, reviewId: Number(r.reviewId) }));
}

/** bumped by the counts' trigger (migration 20270801090000); '0' before the shop's first count */
export async function insightsVersion(tenant: Tenant): Promise<string> {
  const row = (await tenant.table(VERSIONS).first('version')) as { version: string | number } | undefined;
  return String(row?.version ?? 0);
}
