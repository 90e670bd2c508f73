// Durable events this plugin listens to (plugin.ts `listens`), delivered by the kernel with retries
// even when Temporal was down when they happened:
// - review.created (reviews): the order's request learns it was reviewed (no more reminders), and
//   records the review (and its photo) for the funnel;
// - review.media-added (reviews): photos added later to that review complete the funnel;
// - shop.plan-changed (kernel): requests held over the monthly quota check it again.
import { WorkflowNotFoundError } from '@temporalio/client';
import type { ActivityDeps } from '@plaudit/kernel';
import { quotaChangedSignal, reviewedSignal, reviewRequestWorkflowId } from '../workflows/messages';
import { emailEntries } from '../db/queue';
import { recordPhotoAdded, recordReview } from '../db/funnel';

/** What review-requests relies on in the reviews plugin's `review.created` event. */
export interface ReviewCreated {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  rating: number;
  orderId: string | null;
  queueEntryId: number | null;
  mediaCount: number;
}

/** What review-requests relies on in the reviews plugin's `review.media-added` event. */
export interface ReviewMediaAdded {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  mediaCount: number;
}

/** The kernel's `shop.plan-changed` event. */
export interface PlanChanged {
  shopId: number;
  shopDomain: string;
  plan: string;
  previousPlan: string;
}

export function createEventHandlers(deps: ActivityDeps) {
  const handle = (shopDomain: string, orderId: string) => deps.temporal.client.workflow.getHandle(reviewRequestWorkflowId(shopDomain, orderId));
  /** A closed or never-started request has nobody to tell. */
  const signalled = (p: Promise<void>) => p.catch((err) => {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  });

  return {
    async 'review.created'(e: ReviewCreated) {
      await recordReview(deps.tenant(e.shopId, e.shopDomain), { reviewId: e.reviewId, orderId: e.orderId, queueEntryId: e.queueEntryId ?? null, mediaCount: e.mediaCount ?? 0 });
      if (!e.orderId) return;
      await signalled(handle(e.shopDomain, e.orderId).signal(reviewedSignal, { reviewId: e.reviewId, hasPhotos: e.mediaCount > 0, rating: e.rating }));
    },

    async 'review.media-added'(e: ReviewMediaAdded) {
      if (e.mediaCount > 0) await recordPhotoAdded(deps.tenant(e.shopId, e.shopDomain), e.reviewId);
    },

    async 'shop.plan-changed'(e: PlanChanged) {
      const held = await emailEntries(deps.tenant(e.shopId, e.shopDomain)).where({ status: 'pause' }).select('orderId');
      for (const row of held) await signalled(handle(e.shopDomain, row.orderId).signal(quotaChangedSignal));
    },
  };
}
