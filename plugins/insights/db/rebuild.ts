// The full rebuild's steps (workflows/rebuild.ts): a page of the shop's reviews fetched, then (once
// read) stored without counting, the readings of reviews no longer there forgotten as the pages pass
// them, and at the end every product counted again once.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { ReviewLabelsApi, ReviewTextFacts, ReviewTextsApi } from '@plaudit/contracts/reviews';
import type { ReviewSources } from './read-reviews';
import { countedProducts, recountProducts, type StoredReading, storeReadings } from './store';
import { announceTopics } from './topics-changed';

const REVIEWS = 'insight_reviews';
/** one transaction's worth; the reviews' labels take at most 1,000 reviews a call */
export const REBUILD_PAGE = 1_000;

/** the reviews read before with ids in (afterId, upTo] */
async function storedBetween(tenant: Tenant, afterId: number, upTo: number): Promise<number[]> {
  const q = tenant.table(REVIEWS).where('review_id', '>', afterId).where('review_id', '<=', upTo);
  return ((await q.select('reviewId')) as { reviewId: number | string }[]).map((r) => Number(r.reviewId));
}

/** the next `limit` reviews read before, after `afterId`, in id order */
async function storedAfter(tenant: Tenant, afterId: number, limit: number): Promise<number[]> {
  const q = tenant.table(REVIEWS).where('review_id', '>', afterId).orderBy('review_id').limit(limit);
  return ((await q.select('reviewId')) as { reviewId: number | string }[]).map((r) => Number(r.reviewId));
}

/** the shop's next reviews after `afterId`, in any status */
export const fetchPage = (texts: ReviewTextsApi, tenant: Tenant, afterId: number) => texts.pageFacts(tenant, afterId, REBUILD_PAGE);

/** a page's readings stored, and what the shop no longer has between its first and last ids forgotten */
export async function storePage(
  knex: Knex,
  labels: ReviewLabelsApi | undefined,
  tenant: Tenant,
  afterId: number,
  page: ReviewTextFacts[],
  readings: StoredReading[],
) {
  const lastId = page[page.length - 1].id;
  const found = new Set(page.map((r) => r.id));
  const gone = (await storedBetween(tenant, afterId, lastId)).filter((id) => !found.has(id));
  await storeReadings(knex, tenant, readings, gone, { recount: false, labels });
}

/**
 * After the last page: every stored reading whose review is gone forgotten, from the first id, not
 * only past the last page (reviews removed while the pages passed, such as the sample reviews whose
 * removal joins a running rebuild, left readings behind; new reviews were read by their events);
 * then every product counted, and said so.
 */
export async function finishRebuild(knex: Knex, { texts, labels, events }: ReviewSources, tenant: Tenant): Promise<void> {
  for (let cursor = 0; ; ) {
    const ids = await storedAfter(tenant, cursor, REBUILD_PAGE);
    if (!ids.length) break;
    cursor = ids[ids.length - 1];
    const found = new Set((await texts.readFacts(tenant, ids)).map((r) => r.id));
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length) await storeReadings(knex, tenant, [], gone, { recount: false, labels });
  }
  // one topics.updated for the whole shop, not one per product counted again
  if ((await recountProducts(knex, tenant, await countedProducts(tenant))) && events) await announceTopics(events, tenant, null);
}
