// The reviews plugin's contract (see README.md): what it offers other plugins, one file per part
// under contracts/reviews/. Consumers import from here: `@plaudit/contracts/reviews`.
import { defineWorkflow } from './define';

export * from './reviews/events';
export * from './reviews/review';
export * from './reviews/feed';
export * from './reviews/facts';
export * from './reviews/write';
export * from './reviews/admin';
export * from './reviews/export';
export * from './reviews/analytics';
export * from './reviews/texts';
export * from './reviews/policy';
export * from './reviews/labels';

// --- capabilities: a few general ones, each for any plugin that needs it ---
// feed (what shoppers may see), facts (one review as it is), write (new reviews from other places),
// admin (the merchant's operations and notification settings), export, analytics, texts, policy
// (the shop's collection and moderation rules, as shoppers may be told). The
// kernel's star counts are `CatalogRatings` (contracts/catalog.ts), also provided by reviews.

// --- workflows other plugins start ---

/** 'reviewsRatingSync': every shop's product rating metafields brought up to date (the storefront's stars); answers how many products it wrote. */
export const ReviewsRatingSync = defineWorkflow<() => Promise<number>>('reviewsRatingSync');
