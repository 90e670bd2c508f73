// The shape of a review's translation as the admin and the storefront get it (the reviews' own words
// come from the reviews plugin's ReviewTexts capability, contracts/reviews.ts).
import type { TranslationStatus } from '@plaudit/contracts/translations';

/**
 * - `original`: the review is in the target language already (or its language is unknown)
 * - `translated`: `translation` holds it
 * - `unavailable`: the shop's provider cannot translate this pair (shown as such, never faked)
 * - `degraded`: the provider failed (outage, rate limit, quota, refused key): the original is shown
 */
export type { TranslationStatus };

export interface ReviewTranslation {
  reviewId: number;
  /** the review's own language */
  language: string | null;
  target: string;
  status: TranslationStatus;
  original: { title: string | null; content: string };
  translation: { title: string | null; content: string; provider: string } | null;
}
