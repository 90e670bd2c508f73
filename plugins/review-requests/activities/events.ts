// Durable events this plugin listens to (plugin.ts `listens`), delivered by the kernel with retries
// even when Temporal was down when they happened:
// - ReviewCreated (reviews): the order's request learns it was reviewed (no more reminders), and
//   records the review (and its photo) for the funnel;
// - ReviewMediaAdded (reviews): photos added later to that review complete the funnel;
// - ShopPlanChanged (kernel): requests held over the monthly quota check it again;
// - MessageStatusChanged (messaging): a text message's receipt on its row; a final one is told to the
//   request's workflow, which sends the next channel when the message was not delivered.
import { WorkflowNotFoundError } from '@temporalio/client';
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ShopPlanChanged } from '@plaudit/contracts/kernel';
import { ReviewCreated, ReviewMediaAdded } from '@plaudit/contracts/reviews';
import { messageReceiptSignal, quotaChangedSignal, reviewedSignal, reviewRequestWorkflowId } from '../workflows/messages';
import { emailEntries } from '../db/queue';
import { recordDelivery, recordPhotoAdded, recordReview, orderOfEntry } from '../db/funnel';
import { MessageStatusChanged } from '@plaudit/contracts/messaging';

/** receipts after which nothing more comes for a message (Twilio's and Meta's final statuses) */
const FINAL_RECEIPTS = new Set(['delivered', 'read', 'failed', 'undelivered']);

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
      if (!Number.isInteger(id)) return;
      const tenant = deps.tenant(e.shopId, e.shopDomain);
      await recordDelivery(tenant, id, e.messageId, e.status);
      // a final receipt goes to the request's workflow, which knows its message ids: a receipt may come
      // before the send recorded the message on the row, and one of a message it fell back from is ignored
      const orderId = FINAL_RECEIPTS.has(e.status) ? await orderOfEntry(tenant, id) : undefined;
      if (orderId)
        await signalled(handle(e.shopDomain, orderId).signal(messageReceiptSignal, { messageId: e.messageId, status: e.status, errorCode: e.errorCode }));
    }),

    handleEvent(ShopPlanChanged, async (e) => {
      const held = await emailEntries(deps.tenant(e.shopId, e.shopDomain)).where({ status: 'pause' }).select('orderId');
      for (const row of held) await signalled(handle(e.shopDomain, row.orderId).signal(quotaChangedSignal));
    }),
  );
}
