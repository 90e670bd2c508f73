// Topics over time (ReviewInsights.topicsOverTime, analytics' rising and falling complaints): the
// mentions of the reviews published now, per local day the customer wrote them and topic. Read from
// the review rows (not the per-product counts, which keep no dates); the range is turned into two
// instants so the (shop, written_at) index of published reviews serves it.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { TopicDay, TopicRange } from '@plaudit/contracts/insights';
import { TOPICS } from '../analysis/topics';

const REVIEWS = 'insight_reviews';
const REVIEW_TOPICS = 'insight_review_topics';

export async function topicsOverTime(knex: Knex, tenant: Tenant, range: TopicRange, productId?: string | null): Promise<TopicDay[]> {
  const day = `to_char((${REVIEWS}.written_at AT TIME ZONE ?)::date, 'YYYY-MM-DD')`;
  const rows = (await tenant
    .table(REVIEWS)
    .join(REVIEW_TOPICS, (j) => j.on(`${REVIEWS}.shop_id`, `${REVIEW_TOPICS}.shop_id`).andOn(`${REVIEWS}.review_id`, `${REVIEW_TOPICS}.review_id`))
    .where(`${REVIEWS}.published`, true)
    // the first local day's midnight, inclusive, to the midnight after the last, exclusive
    .whereRaw(`${REVIEWS}.written_at >= (?::date)::timestamp AT TIME ZONE ?`, [range.from, range.timezone])
    .whereRaw(`${REVIEWS}.written_at < (?::date + 1)::timestamp AT TIME ZONE ?`, [range.to, range.timezone])
    .modify((q) => {
      if (productId) q.where(`${REVIEWS}.product_id`, productId);
    })
    .whereIn(`${REVIEW_TOPICS}.topic`, [...TOPICS])
    .groupByRaw(`1, ${REVIEW_TOPICS}.topic`)
    .orderByRaw(`1, ${REVIEW_TOPICS}.topic`)
    .select(knex.raw(`${day} as day`, [range.timezone]), `${REVIEW_TOPICS}.topic as topic`)
    .select(knex.raw(`count(*) filter (where ${REVIEW_TOPICS}.sentiment > 0)::int as positive`))
    .select(knex.raw(`count(*) filter (where ${REVIEW_TOPICS}.sentiment < 0)::int as negative`))) as TopicDay[];
  return rows;
}
