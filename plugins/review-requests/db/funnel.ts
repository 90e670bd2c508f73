// The request funnel's facts past the send (issue 18): clicked, reviewed, photo added, unsubscribed.
// Unlike the request's state, which its workflow records, these are written where they happen (the
// click redirect, the unsubscribe page, the reviews plugin's events), because they keep coming after
// the workflow has ended. Each is a conditional update: the first occurrence counts, a retry or a
// second click changes nothing.
import type { Tenant } from '@plaudit/kernel';
import type { DeliveryStatus } from '@plaudit/contracts/messaging';
import { entryById, entryOf } from './queue';

/**
 * A click on one of the entry's links. A click is also an open (the pixel may have been blocked):
 * answers the email entry's order when this click opened it, for the workflow to show "opened".
 */
export async function recordClick(tenant: Tenant, id: number): Promise<{ orderId: string } | undefined> {
  const now = new Date();
  await entryById(tenant, id).whereNull('clickedAt').update({ clickedAt: now });
  const [opened] = await entryById(tenant, id)
    .where({ queueType: 'email' })
    .whereNotNull('sentAt')
    .whereNull('openedAt')
    .update({ openedAt: now }, ['orderId']);
  return opened;
}

/**
 * A click on one of the email's stars (issue 32): the review is started, with those stars, even if it
 * is never finished. The first star click counts; a later one (another rating) updates the stars the
 * reminder's "finish your review" link opens with.
 */
export async function recordStarted(tenant: Tenant, id: number, rating: number) {
  await entryById(tenant, id).where({ queueType: 'email' }).whereNull('startedAt').update({ startedAt: new Date() });
  await entryById(tenant, id).where({ queueType: 'email' }).update({ startedRating: rating });
}

/** What a review tells the request it answers: the write link's entry, else the order's request. */
export interface ReviewOfRequest {
  reviewId: number;
  orderId: string | null;
  queueEntryId: number | null;
  mediaCount: number;
}

export async function recordReview(tenant: Tenant, review: ReviewOfRequest) {
  if (!review.queueEntryId && !review.orderId) return;
  const entry = () => (review.queueEntryId ? entryById(tenant, review.queueEntryId).where({ queueType: 'email' }) : entryOf(tenant, review.orderId!));
  const now = new Date();
  await entry().whereNull('reviewedAt').update({ reviewedAt: now, reviewId: review.reviewId });
  if (review.mediaCount > 0) await entry().whereNull('photoAddedAt').update({ photoAddedAt: now });
}

/** Photos added to a review later (the photo reminder's page): the request it answered has its photo. */
export async function recordPhotoAdded(tenant: Tenant, reviewId: number) {
  await tenant
    .table('email_queue')
    .where((w) => w.where({ reviewId }).orWhere({ photoReviewId: reviewId }))
    .whereNull('photoAddedAt')
    .update({ photoAddedAt: new Date() });
}

/** The customer unsubscribed through this entry's link. */
export async function recordUnsubscribe(tenant: Tenant, id: number) {
  await entryById(tenant, id).whereNull('unsubscribedAt').update({ unsubscribedAt: new Date() });
}

/** The statuses a receipt may replace: receipts repeat and arrive out of order, and a final one stays. */
const RECEIPT_FOLLOWS: Record<DeliveryStatus, (DeliveryStatus | null)[]> = {
  sent: [null],
  delivered: [null, 'sent'],
  read: [null, 'sent', 'delivered'],
  failed: [null, 'sent'],
  undelivered: [null, 'sent'],
  opted_out: [null, 'sent', 'delivered', 'read', 'failed', 'undelivered'],
};

/**
 * A text message's delivery receipt (issue 32, the messaging plugin's MessageStatusChanged): the
 * entry's `delivery_status`, for the message that carried the request (or before the send recorded
 * which one did). Like the other funnel facts it keeps coming after the workflow has ended.
 */
export async function recordDelivery(tenant: Tenant, id: number, messageId: string, status: DeliveryStatus) {
  const before = RECEIPT_FOLLOWS[status];
  await entryById(tenant, id)
    .where((q) => q.whereNull('channelMessageId').orWhere('channelMessageId', messageId))
    .where((q) => {
      q.whereIn(
        'deliveryStatus',
        before.filter((s): s is DeliveryStatus => s !== null),
      );
      if (before.includes(null)) q.orWhereNull('deliveryStatus');
    })
    .update({ deliveryStatus: status, deliveryUpdatedAt: new Date() });
}

/** The order of a request's queue entry (a receipt's reference is the entry's id). */
export async function orderOfEntry(tenant: Tenant, id: number): Promise<string | undefined> {
  return (await entryById(tenant, id).where({ queueType: 'email' }).first('orderId'))?.orderId;
}
