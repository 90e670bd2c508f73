// The reviews plugin's contract, its events: durable, each recorded in the transaction of the change it announces.
import { defineEvent, webhookTopic } from '../define';

// --- events: durable, each recorded in the transaction of the change it announces ---

/** 'review.created', key = review id: a review was written (any collection path). */
export interface ReviewCreatedPayload {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  productId: string | null;
  rating: number;
  source: string;
  /** 'published' when the shop publishes new reviews at once: no 'review.published' follows */
  status: string;
  /** the numeric Shopify order id the review is for (a signed write link or a verified purchase) */
  orderId: string | null;
  /** the review-requests queue entry of the write link the review came through */
  queueEntryId: number | null;
  mediaCount: number;
}
export const ReviewCreated = webhookTopic(defineEvent<ReviewCreatedPayload>('review.created'), 'review.created');

/** 'review.media-added', key = `<review id>:<media count>`: a customer added photos to their review (the photo reminder's page). */
export interface ReviewMediaAddedPayload {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  mediaCount: number;
}
export const ReviewMediaAdded = defineEvent<ReviewMediaAddedPayload>('review.media-added');

/** One review in a change event: what it is now. */
export interface ChangedReview {
  reviewId: number;
  productId: string | null;
  /** the review's status after the change; 'deleted' when it is gone for good */
  status: string;
}

/**
 * 'review.published', 'review.updated', 'review.deleted', 'review.replied': one change of one or many
 * reviews (a moderation action, an edit, a reply, the hourly auto-publish or purge). A bulk action
 * over many reviews is a few events of at most 500 reviews each, not one per review.
 * key = `<change>:<first review id>:<at ms>`.
 */
export interface ReviewsChangedPayload {
  shopId: number;
  shopDomain: string;
  /** what happened: the moderation action ('publish', 'unpublish', 'verify' ...), 'edit', 'media', 'reply', 'reply-removed', 'auto-publish', 'purge' */
  change: string;
  /** when (ISO 8601) */
  at: string;
  reviews: ChangedReview[];
}
export const ReviewPublished = webhookTopic(defineEvent<ReviewsChangedPayload>('review.published'), 'review.published');
export const ReviewUpdated = webhookTopic(defineEvent<ReviewsChangedPayload>('review.updated'), 'review.updated');
export const ReviewDeleted = webhookTopic(defineEvent<ReviewsChangedPayload>('review.deleted'), 'review.deleted');
/** a reply added or edited ('reply') or taken off ('reply-removed') */
export const ReviewReplied = webhookTopic(defineEvent<ReviewsChangedPayload>('review.replied'), 'review.replied');

/**
 * 'reviews.demo-changed', key = `<shop id>:<change>:<at ms>`: the shop's sample reviews were seeded or
 * removed in bulk, in the transaction of the change. Sample reviews carry no per-review events (webhooks
 * and syndication must never carry them), so a plugin that keeps readings of the shop's reviews (the
 * insights' topics) reads the shop again on this one.
 */
export interface DemoReviewsChangedPayload {
  shopId: number;
  shopDomain: string;
  change: 'seeded' | 'removed';
  /** how many sample reviews were written or deleted */
  count: number;
  /** when (ISO 8601) */
  at: string;
}
export const DemoReviewsChanged = defineEvent<DemoReviewsChangedPayload>('reviews.demo-changed');
