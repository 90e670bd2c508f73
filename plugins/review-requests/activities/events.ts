// Durable events this plugin listens to (plugin.ts `listens`), delivered by the kernel with retries
// even when Temporal was down when they happened:
// - ReviewCreated (reviews): the order's request learns it was reviewed (no more reminders), and
//   records the review (and its photo) for the funnel;
// - ReviewMediaAdded (reviews): photos added later to that review complete the funnel;
// - ShopPlanChanged (kernel): requests held over the monthly quota check it again.
import { WorkflowNotFoundError } from '@temporalio/client';
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ShopPlanChanged } from '@plaudit/contracts/kernel';
import { ReviewCreated, ReviewMediaAdded } from '@plaudit/contracts/reviews';
import { quotaChangedSignal, reviewedSignal, reviewRequestWorkflowId } from '../workflows/messages';
import { emailEntries } from '../db/queue';
import { recordDelivery, recordPhotoAdded, recordReview } from '../db/funnel';
import { MessageStatusChanged } from '@plaudit/contracts/messaging';

export function createEventHandlers(deps: ActivityDeps) {
  const handle = (shopDomain: string, orderId: string) => deps.temporal.client.workflow.getHandle(reviewRequestWorkflowId(shopDomain, orderId));
  /** A closed or never-started request has nobody to tell. */
  const signalled = (p: Promise<void>) =>
    p.catch((err) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    });

  return eventHandlers(
    handleEvent(ReviewCreated, async (e) => {
      await recordReview(deps.tenant(e.shopId, e.shopDomain), {
        reviewId: e.reviewId,
        orderId: e.orderId,
        queueEntryId: e.queueEntryId ?? null,
        mediaCount: e.mediaCount ?? 0,
      });
      if (!e.orderId) return;
      await signalled(handle(e.shopDomain, e.orderId).signal(reviewedSignal, { reviewId: e.reviewId, hasPhotos: e.mediaCount > 0, rating: e.rating }));
    }),

    handleEvent(ReviewMediaAdded, async (e) => {
      if (e.mediaCount > 0) await recordPhotoAdded(deps.tenant(e.shopId, e.shopDomain), e.reviewId);
    }),

    handleEvent(MessageStatusChanged, async (e) => {
      const id = Number(e.reference);
      if (Number.isInteger(id)) await recordDelivery(deps.tenant(e.shopId, e.shopDomain), id, e.messageId, e.status);
    }),

    handleEvent(ShopPlanChanged, async (e) => {
      const held = await emailEntries(deps.tenant(e.shopId, e.shopDomain)).where({ status: 'pause' }).select('orderId');
      for (const row of held) await signalled(handle(e.shopDomain, row.orderId).signal(quotaChangedSignal));
    }),
  );
}
