// Worker side of the reviews plugin: the maintenance activities behind the hourly schedule, the
// review emails, the notification mails, the durable 'review.created' handler and the compliance
// hooks (customers/redact anonymises, customers/data_request exports).
import type { ActivityDeps, CustomerRef, PlatformHooks } from '@plaudit/kernel';
import { present, Review } from '../db/review.model';
import { publishHeld, purgeTrash, shopsWithStatus } from '../db/maintenance';
import { REVIEW_CREATED, type ReviewCreated } from '../shared/events';
import { reviewSettingsOf } from '../shared/settings';
import { newReviewSignal, notificationsWorkflowId, type EditRequestInput, type MaintenanceInput, type NotificationsInput, type ReviewReplyInput } from '../workflows/messages';
import { syncRatings } from './rating-sync';
import { notifyShop } from './notify';
import { sendEditRequest } from './edit-request';
import { sendReviewReply } from './review-reply';

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
    async reviewsAutoPublishHeld({ dayMs = DAY_MS }: MaintenanceInput = {}): Promise<number> {
      let total = 0;
      for (const shopId of await shopsWithStatus(deps.knex, 'pending')) {
        const days = (await settings.get(shopId)).autoPublishHeldAfterDays;
        const shop = days === null ? undefined : await deps.shops.get(shopId);
        if (shop) total += await publishHeld(deps.knex, deps.events, { shopId, shopDomain: shop.domain }, days! * dayMs);
      }
      return total;
    },

    /** Deletes reviews in the recycle bin for longer than each shop's retention; returns how many. */
    async reviewsPurgeTrash({ dayMs = DAY_MS }: MaintenanceInput = {}): Promise<number> {
      let total = 0;
      for (const shopId of await shopsWithStatus(deps.knex, 'trash')) {
        const shop = await deps.shops.get(shopId);
        if (shop) total += await purgeTrash(deps.knex, deps.events, { shopId, shopDomain: shop.domain }, (await settings.get(shopId)).trashRetentionDays * dayMs);
      }
      return total;
    },
  };
}

/**
 * Durable listeners (plugin.ts `listens`): every new review reaches the shop's notification
 * workflow (signal-with-start, one per shop); a failure is retried by the kernel's deliverEvent.
 */
export function createEventHandlers(deps: ActivityDeps) {
  return {
    async [REVIEW_CREATED](payload: ReviewCreated) {
      const input: NotificationsInput = { shopId: payload.shopId, shopDomain: payload.shopDomain };
      await deps.temporal.client.workflow.signalWithStart('reviewNotifications', {
        workflowId: notificationsWorkflowId(payload.shopDomain),
        taskQueue: deps.config.temporal.taskQueue,
        args: [input],
        signal: newReviewSignal,
        signalArgs: [payload.reviewId],
        staticSummary: `Review notifications for ${payload.shopDomain}`,
      });
    },
  };
}

function customerReviews(deps: ActivityDeps, ref: CustomerRef) {
  const { email, id } = ref.customer;
  const orders = ref.ordersToRedact ?? [];
  return deps.tenant(ref.shopId, ref.shopDomain).query(Review).where((w) => {
    if (email) w.orWhereRaw('lower(email) = lower(?)', [email]);
    if (id) w.orWhere('customerId', String(id));
    if (orders.length) w.orWhereIn('orderId', orders.map(String));
    if (!email && !id && !orders.length) w.whereRaw('false');
  });
}

/** Reviews are personal data: redaction anonymises (text and rating stay), export lists them. */
export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return {
    async redactCustomer(ref) {
      await customerReviews(deps, ref).patch({ email: null, lastName: null, customerId: null, updatedAt: new Date() } as never);
    },
    async exportCustomer(ref) {
      const rows = await customerReviews(deps, ref).orderBy('id');
      return { reviews: rows.map(present) };
    },
  };
}
