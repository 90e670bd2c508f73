// Widgets' access to the reviews feed (contracts/reviews.ts `ReviewFeed`, provided by the reviews
// plugin): the provider's, or NO_REVIEWS when no plugin provides it: empty lists, zero summaries, no
// rich snippets (README.md, "Without reviews").
import type { Capabilities } from '@plaudit/kernel';
import { ReviewFeed, type RatingSummary, type ReviewFeedApi } from '@plaudit/contracts/reviews';

const ZERO: Omit<RatingSummary, 'productId'> = { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 };

/** The stand-in when no plugin provides reviews: every widget shows its empty state. */
export const NO_REVIEWS: ReviewFeedApi = {
  reviews: async () => ({ items: [], nextCursor: null }),
  reviewedProducts: async () => [],
  summaries: async (_tenant, ids) => Object.fromEntries(ids.map((productId) => [productId, { productId, ...ZERO }])),
  shopSummary: async () => ZERO,
  version: async () => '0',
  storefrontSettings: async () => ({ richSnippets: false, ugcDisplay: false }),
  channel: 'plaudit_review_feed',
};

/** The provider's feed, or NO_REVIEWS. */
export function reviewFeedOf(services: { capabilities: Pick<Capabilities, 'get'> }): ReviewFeedApi {
  return services.capabilities.get(ReviewFeed) ?? NO_REVIEWS;
}
