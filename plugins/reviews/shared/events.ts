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
