// The reviews plugin's contract, its policy part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';

// --- 'reviews.policy': how a shop's reviews are collected, checked and moderated, as shoppers may be told ---

/**
 * The shop's rules as the reviews plugin applies them today: its settings, and what its code does
 * whatever the settings (each field says which). For a statement to shoppers or to a program (the
 * EU Omnibus Directive's "whether and how" reviews are checked; a review program's questionnaire):
 * a consumer states these facts, it does not guess them.
 */
export interface ReviewPolicyView {
  /** who may write through the storefront form: anyone, or only signed-in customers who bought the product (setting) */
  formEligibility: 'everyone' | 'buyers';
  /** new reviews from shoppers: published at once, or held until the merchant publishes them (setting) */
  autoPublish: 'all' | 'hold';
  /** every held review (held by the rule or by the spam check) is published automatically after this many days; null: only by the merchant (setting) */
  heldPublishedAfterDays: number | null;
  /** code, always: the rating never decides whether a review is published or held (no suppression of low ratings) */
  ratingIgnored: true;
  /** code, always: a review with several links or blocked words is held for the merchant whatever the rule */
  spamHeld: true;
  /**
   * code, always: how a review becomes "verified buyer": written from a review request's link (one
   * review per order line), or through the storefront form by a signed-in customer whose recent
   * orders hold the product; the merchant may also mark a review verified by hand. Imported reviews never are.
   */
  verifiedBy: { requestLink: true; signedInPurchase: true; merchant: true; imported: false };
  /** code: reviewers edit and delete their own reviews from a signed link valid this many days (in the emails about their review and on the review page) */
  selfServiceLinkDays: number;
  /** published reviews imported from elsewhere (another review app's file, a marketplace), by source ('imported', 'amazon', ...); demo reviews left out */
  importedPublished: Record<string, number>;
  /** published reviews the merchant wrote in the admin (source 'admin'); demo reviews left out */
  enteredByShop: number;
}

export interface ReviewPolicyApi {
  policy(tenant: Tenant): Promise<ReviewPolicyView>;
}
export const ReviewPolicy = defineCapability<ReviewPolicyApi>('reviews.policy');
