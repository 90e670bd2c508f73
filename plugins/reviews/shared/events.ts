// The events this plugin emits (contract of issue 11); listeners write their own type of what they read.

/** 'review.created', key = review id, emitted inside the review's transaction. */
export interface ReviewCreated {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  productId: string | null;
  rating: number;
  source: string;
  status: string;
  /** the numeric Shopify order id the review is for (a signed write link or a verified purchase) */
  orderId: string | null;
  /** the review-requests queue entry of the write link the review came through */
  queueEntryId: number | null;
  mediaCount: number;
}

export const REVIEW_CREATED = 'review.created';

/** 'review.media-added', key = `<review id>:<media count>`: a customer added photos to their review (the photo reminder's page). */
export interface ReviewMediaAdded {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  mediaCount: number;
}

export const REVIEW_MEDIA_ADDED = 'review.media-added';

/** One review in a change event: what it is now. */
export interface ChangedReview {
  reviewId: number;
  productId: string | null;
  /** the review's status after the change; 'deleted' when it is gone for good */
  status: string;
}

/**
 * 'review.published', 'review.updated', 'review.deleted', 'review.replied': one change of one or many
 * reviews (a moderation action, an edit, a reply, the hourly auto-publish or purge), emitted in the
 * change's transaction. A bulk action over many reviews is a few events of at most
 * REVIEW_CHANGE_CHUNK reviews each, not one per review. key = `<change>:<first review id>:<at ms>`.
 */
export interface ReviewsChanged {
  shopId: number;
  shopDomain: string;
  /** what happened: the moderation action ('publish', 'unpublish', 'verify' ...), 'edit', 'media', 'reply', 'reply-removed', 'auto-publish', 'purge' */
  change: string;
  /** when (ISO 8601) */
  at: string;
  reviews: ChangedReview[];
}

export const REVIEW_PUBLISHED = 'review.published';
export const REVIEW_UPDATED = 'review.updated';
export const REVIEW_DELETED = 'review.deleted';
export const REVIEW_REPLIED = 'review.replied';
export type ReviewChangeEvent = typeof REVIEW_PUBLISHED | typeof REVIEW_UPDATED | typeof REVIEW_DELETED | typeof REVIEW_REPLIED;

export const REVIEW_CHANGE_CHUNK = 500;
