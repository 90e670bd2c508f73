// Worker side of the reviews plugin: the maintenance activities behind the hourly schedule, the
// review emails, the notification mails, the durable event handlers (ReviewCreated, the order of
// an eligible request, a transcoded video) and the compliance hooks (customers/redact anonymises,
// customers/data_request exports).
import { eventHandlers, handleEvent, type ActivityDeps, type CustomerRef, type PlatformHooks } from '@plaudit/kernel';
import { present, Review } from '../db/review.model';
import { publishHeld, purgeTrash, shopsWithStatus } from '../db/maintenance';
import { reviewMedia } from '../db/media';
import { customerWriteOrders, forgetCustomerWriteOrders, forgetOldWriteOrders, recordWriteOrder } from '../db/write-orders';
import { RequestEligible } from '@plaudit/contracts/review-requests';
import { VideoTranscoded } from '@plaudit/contracts/video-reviews';
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { reviewSettingsOf } from '../shared/settings';
import { ReviewNotifications } from '../shared/workflows';
import {
  newReviewSignal,
  notificationsWorkflowId,
  type EditRequestInput,
  type MaintenanceInput,
  type NotificationsInput,
  type ReviewReplyInput,
} from '../workflows/messages';
import { syncRatings } from './rating-sync';
import { notifyShop } from './notify';
import { sendEditRequest } from './edit-request';
import { sendReviewReply } from './review-reply';
import { mailMineLink, notifyAuthorChange } from './author-notices';
import { AuthorChanged, MineLinkRequested } from '../shared/author-changes';
import { AUTHOR_CHANGES, historyOfAuthor } from '../db/author-edits';

export const DAY_MS = 86_400_000;

export function createActivities(deps: ActivityDeps) {
  const settings = reviewSettingsOf(deps.settings);
  return {
    /** Product ratings changed since their last push, to Shopify's reviews.rating metafields. */
    reviewsSyncRatings: () => syncRatings(deps),
    /** Mails negative reviews now, the others in the digest when due (else returns them deferred). */
    reviewsNotify: (shopId: number, reviewIds: number[], digestDue: boolean) => notifyShop(deps, shopId, reviewIds, digestDue),
    /** The confirm-edit email of one edit request (skipped when the request is no longer current). */
    reviewsSendEditRequest: (input: EditRequestInput) => sendEditRequest(deps, input),
    /** The review-reply email of one saved reply (skipped when no longer current or switched off). */
    reviewsSendReplyEmail: (input: ReviewReplyInput) => sendReviewReply(deps, input),

    /** Publishes held (pending) reviews older than each shop's setting (null: never); returns how many. */
    async reviewsAutoPublishHeld({ dayMs = DAY_MS, shopIds }: MaintenanceInput = {}): Promise<number> {
      let total = 0;
      for (const shopId of await shopsWithStatus(deps.knex, 'pending', shopIds)) {
        const days = (await settings.get(shopId)).autoPublishHeldAfterDays;
        const shop = days === null ? undefined : await deps.shops.get(shopId);
        if (shop) total += await publishHeld(deps.knex, deps.events, { shopId, shopDomain: shop.domain }, days! * dayMs);
      }
      return total;
    },

    /**
     * Deletes reviews in the recycle bin for longer than each shop's retention; returns how many.
     * Forgets the write pages' orders older than any write link too.
     */
    async reviewsPurgeTrash({ dayMs = DAY_MS, shopIds }: MaintenanceInput = {}): Promise<number> {
      await forgetOldWriteOrders(deps.knex, { shopIds });
      let total = 0;
      for (const shopId of await shopsWithStatus(deps.knex, 'trash', shopIds)) {
        const shop = await deps.shops.get(shopId);
        if (shop)
          total += await purgeTrash(deps.knex, deps.events, { shopId, shopDomain: shop.domain }, (await settings.get(shopId)).trashRetentionDays * dayMs);
      }
      return total;
    },
  };
}

/**
 * Durable listeners (plugin.ts `listens`): every new review reaches the shop's notification
 * workflow (signal-with-start, one per shop); an eligible request's order is kept for the write
 * page; a transcoded video joins its review. A failure is retried by the kernel's deliverEvent.
 */
export function createEventHandlers(deps: ActivityDeps) {
  return eventHandlers(
    handleEvent(ReviewCreated, async (payload) => {
      const input: NotificationsInput = { shopId: payload.shopId, shopDomain: payload.shopDomain };
      await deps.temporal.signalWithStart(ReviewNotifications, {
        workflowId: notificationsWorkflowId(payload.shopDomain),
        taskQueue: deps.config.temporal.taskQueue,
        args: [input],
        signal: newReviewSignal,
        signalArgs: [payload.reviewId],
        staticSummary: `Review notifications for ${payload.shopDomain}`,
      });
    }),
    handleEvent(RequestEligible, (request) => recordWriteOrder(deps.tenant(request.shopId, request.shopDomain), request)),
    handleEvent(VideoTranscoded, async ({ shopId, shopDomain, reviewId, uploadId, video }) => {
      const added = await reviewMedia(deps.knex, deps.events).addVideo(deps.tenant(shopId, shopDomain), reviewId, video);
      // the review keeps its text and photos; the video stays with its upload
      if (!added) deps.log.info({ shop: shopDomain, reviewId, uploadId }, 'Transcoded video not added: the review is gone or has five photos and videos');
    }),
    // a reviewer changed or deleted their own review (api/mine/): the merchant is told
    handleEvent(AuthorChanged, (change) => notifyAuthorChange(deps, change)),
    // an expired "your reviews" link: a fresh one to the address it was signed for
    handleEvent(MineLinkRequested, (request) => mailMineLink(deps, request)),
  );
}

const email = (ref: CustomerRef) => ref.customer.email?.trim().toLowerCase();

function customerReviews(deps: ActivityDeps, ref: CustomerRef) {
  const { email, id } = ref.customer;
  const orders = ref.ordersToRedact ?? [];
  return deps
    .tenant(ref.shopId, ref.shopDomain)
    .query(Review)
    .where((w) => {
      if (email) w.orWhereRaw('lower(email) = lower(?)', [email]);
      if (id) w.orWhere('customerId', String(id));
      if (orders.length) w.orWhereIn('orderId', orders.map(String));
      if (!email && !id && !orders.length) w.whereRaw('false');
    });
}

/** Reviews are personal data: redaction anonymises (text and rating stay), export lists them; the write pages' orders go. */
export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return {
    async redactCustomer(ref) {
      // every field that names or places the reviewer; the widgets show a review without a name as anonymous
      await customerReviews(deps, ref).patch({ email: null, firstName: null, lastName: null, customerId: null, country: null, updatedAt: new Date() } as never);
      await forgetCustomerWriteOrders(deps.tenant(ref.shopId, ref.shopDomain), ref.customer.email, (ref.ordersToRedact ?? []).map(String));
      // the history of their own edits names them by address: it stays, without the address
      if (email(ref))
        await deps
          .tenant(ref.shopId, ref.shopDomain)
          .table(AUTHOR_CHANGES)
          .where({ byEmail: email(ref) })
          .update({ byEmail: '' });
    },
    async exportCustomer(ref) {
      const rows = await customerReviews(deps, ref).orderBy('id');
      const writeOrders = await customerWriteOrders(deps.tenant(ref.shopId, ref.shopDomain), ref.customer.email, (ref.ordersToRedact ?? []).map(String));
      // and what they changed in their own reviews from "your reviews" (issue 33)
      const authorChanges = email(ref) ? await historyOfAuthor(deps.tenant(ref.shopId, ref.shopDomain), email(ref)!) : [];
      return { reviews: rows.map(present), writeOrders, authorChanges };
    },
  };
}
