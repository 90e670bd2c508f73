// What review-requests relies on in the reviews plugin (capability 'reviews.collect', optional):
// the links in request and photo-reminder emails (reviews declares and verifies their purposes), and
// the review a photo reminder is about, checked again at send time. Written here, by the user of the
// capability; the reviews plugin implements it structurally (see README.md).
import type { Capabilities, Tenant } from '@plaudit/kernel';

export interface ReviewForReminder {
  rating: number;
  mediaCount: number;
  status: string;
  /** for the template's product_title and review_content, when the provider has them */
  productTitle?: string | null;
  content?: string | null;
}

export interface ReviewsCollect {
  writeUrl(link: { shopDomain: string; queueEntryId: number; orderId: string; productId?: string; customerLocale?: string | null; expiresInDays: number }): string;
  photoUrl(link: { shopDomain: string; reviewId: number; expiresInDays: number }): string;
  reviewForReminder(tenant: Tenant, reviewId: number): Promise<ReviewForReminder | undefined>;
}

export const REVIEWS_COLLECT = 'reviews.collect';

/**
 * The reviews plugin's collection links, or, without it (the folder removed), links to the shop:
 * requests still go out and lead the customer to the store, where another review app may collect;
 * no review is ever reported, so no photo reminder is planned.
 */
export function reviewLinks(capabilities: Capabilities, shopUrl: string): Pick<ReviewsCollect, 'writeUrl'> & { photoUrl?: ReviewsCollect['photoUrl']; reviewForReminder?: ReviewsCollect['reviewForReminder'] } {
  const collect = capabilities.get<ReviewsCollect>(REVIEWS_COLLECT);
  return collect ?? { writeUrl: () => shopUrl };
}
