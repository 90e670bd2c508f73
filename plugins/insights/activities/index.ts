// The insights plugin's worker side. Durable event handlers: a review written, edited, moderated or
// deleted goes to its shop's batching workflow (signal-with-start, workflows/shop.ts); sample reviews
// seeded or removed start a rebuild (workflows/rebuild.ts). Retried by the
// kernel's event delivery until Temporal has it; one event carries at most 500 reviews (a bulk
// action). Activities: a shop's batch read and stored, and the full rebuild's steps (rebuild.ts).
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { DemoReviewsChanged, ReviewCreated, ReviewDeleted, ReviewPublished, ReviewUpdated, type ReviewsChangedPayload } from '@plaudit/contracts/reviews';
import { TopicsChanged } from '@plaudit/contracts/insights';
import { readAndStore } from '../db/read-reviews';
import { summariseProducts } from '../summaries/generate';
import { InsightsShop } from '../shared/workflows';
import { reviewsChangedSignal, shopWorkflowId, type InsightsShopInput } from '../workflows/messages';
import { startRebuild } from './start-rebuild';
import { rebuildActivities, reviewSources } from './rebuild';

export function createActivities(deps: ActivityDeps) {
  return {
    /** a shop's batch of changed reviews: read in one query, stored with one recount per product; gone ones forgotten */
    async insightsReadBatch(shop: { shopId: number; shopDomain: string }, ids: number[]): Promise<number> {
      const sources = reviewSources(deps);
      return sources ? readAndStore(deps.knex, sources, deps.tenant(shop.shopId, shop.shopDomain), ids) : 0;
    },
    ...rebuildActivities(deps),
  };
}

export function createEventHandlers(deps: ActivityDeps) {
  const changed = async (shopId: number, shopDomain: string, ids: number[]) => {
    const input: InsightsShopInput = { shopId, shopDomain };
    await deps.temporal.signalWithStart(InsightsShop, {
      workflowId: shopWorkflowId(shopDomain),
      taskQueue: deps.config.temporal.taskQueue,
      args: [input],
      signal: reviewsChangedSignal,
      signalArgs: [ids],
      staticSummary: `Review insights of ${shopDomain}: changed reviews read in batches`,
    });
  };
  const many = (e: ReviewsChangedPayload) =>
    changed(
      e.shopId,
      e.shopDomain,
      e.reviews.map((r) => r.reviewId),
    );
  return eventHandlers(
    handleEvent(ReviewCreated, (e) => changed(e.shopId, e.shopDomain, [e.reviewId])),
    handleEvent(ReviewUpdated, many),
    handleEvent(ReviewPublished, many),
    handleEvent(ReviewDeleted, many),
    // sample reviews come and go in bulk without per-review events: the shop is read again
    handleEvent(DemoReviewsChanged, async (e) => void (await startRebuild(deps, { shopId: e.shopId, shopDomain: e.shopDomain }))),
    // the products' topics changed: their summaries written by the shop's model, when it turned them on (summaries/)
    handleEvent(TopicsChanged, async (e) => void (await summariseProducts(deps, deps.tenant(e.shopId, e.shopDomain), e.productIds))),
  );
}
