// The insights plugin's durable event handlers: a review written, edited, moderated or deleted is
// read again (or forgotten) and its product's topic counts follow, retried by the kernel's event
// delivery until stored. One event carries at most 500 reviews (a bulk action), read in one pass.
// TODO(issue 35): batch a shop's changes in one workflow per shop (signal-with-start); it needs its
// replay scenario and recorded history (tests/replay, workflows/histories) first.
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewCreated, ReviewDeleted, ReviewFacts, ReviewPublished, ReviewTexts, ReviewUpdated, type ReviewsChangedPayload } from '@plaudit/contracts/reviews';
import { readAndStore } from '../db/read-reviews';

/** no activities yet: the per-shop batching workflow will have its one here */
export function createActivities(_deps: ActivityDeps) {
  return {};
}

export function createEventHandlers(deps: ActivityDeps) {
  const read = async (shopId: number, shopDomain: string, ids: number[]) => {
    const facts = deps.capabilities.get(ReviewFacts);
    if (!facts) return;
    await readAndStore(deps.knex, { facts, texts: deps.capabilities.get(ReviewTexts) }, deps.tenant(shopId, shopDomain), ids);
  };
  const changed = (e: ReviewsChangedPayload) =>
    read(
      e.shopId,
      e.shopDomain,
      e.reviews.map((r) => r.reviewId),
    );
  return eventHandlers(
    handleEvent(ReviewCreated, (e) => read(e.shopId, e.shopDomain, [e.reviewId])),
    handleEvent(ReviewUpdated, changed),
    handleEvent(ReviewPublished, changed),
    handleEvent(ReviewDeleted, changed),
  );
}
