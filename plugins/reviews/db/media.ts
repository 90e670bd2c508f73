// Media added to a review after it was written (a photo link's photos, a transcoded video): the
// review locked, its media appended, the summaries' media counts and the change events in the same
// transaction, as when the review was first saved.
import type { Knex } from 'knex';
import type { EventBus, Tenant } from '@plaudit/kernel';
import type { MediaItem } from '../shared/review';
import { ReviewMediaAdded, ReviewUpdated, type ReviewMediaAddedPayload } from '@plaudit/contracts/reviews';
import type { TranscodedVideo } from '@plaudit/contracts/video-reviews';
import { changedReview, emitReviewChanges } from './change-events';
import { Review } from './review.model';
import { recomputeSummaries } from './summaries';

export const MAX_MEDIA = 5;

/** Appends `items` to a locked review; the caller has checked there is room. */
export async function appendMedia(trx: Knex.Transaction, events: EventBus, tenant: Tenant, locked: Review, items: MediaItem[]) {
  const media = [...(locked.media ?? []), ...items];
  await tenant
    .query(Review, trx)
    .findById(locked.id)
    .patch({ media, updatedAt: new Date() } as never);
  // The summaries count reviews with media: this review may just have become one.
  await recomputeSummaries(trx, tenant.shopId, [locked.productKey ?? locked.productId]);
  // durable, with the media: a reward for a text review is topped up to the photo reward
  const added: ReviewMediaAddedPayload = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, reviewId: locked.id, mediaCount: media.length };
  await events.emit(ReviewMediaAdded, added, { key: `${locked.id}:${added.mediaCount}`, shopDomain: tenant.shopDomain, trx });
  await emitReviewChanges(events, { shopId: tenant.shopId, shopDomain: tenant.shopDomain }, ReviewUpdated, 'media', [changedReview(locked)], trx);
}

/** A transcoded video joins its review (VideoTranscoded, activities/index.ts); false when the review is gone or full. */
export function reviewMedia(knex: Knex, events: EventBus) {
  return {
    async addVideo(tenant: Tenant, reviewId: number, video: TranscodedVideo): Promise<boolean> {
      return knex.transaction(async (trx) => {
        const locked = await tenant.query(Review, trx).findById(reviewId).whereNull('deletedAt').forUpdate();
        if (!locked) return false;
        if ((locked.media ?? []).some((m) => m.url === video.url)) return true;
        if ((locked.media ?? []).length >= MAX_MEDIA) return false;
        await appendMedia(trx, events, tenant, locked, [{ type: 'video', ...video }]);
        return true;
      });
    },
  };
}
