// The reviews plugin's contract, its facts part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';
import type { ReviewKind, ReviewStatus } from './review';

// --- 'reviews.facts': one review as it is (integrations, rewards, the photo reminder) ---

/** One review's facts, internal columns left out. */
export interface ReviewFactSheet {
  reviewId: number;
  kind: ReviewKind;
  status: ReviewStatus;
  /** 'customer' (a write link) and 'guest' (a storefront form) are a shopper's own; 'admin' and the import sources are not */
  source: string;
  rating: number;
  title: string | null;
  content: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** the Shopify customer's gid when the review is tied to one */
  customerId: string | null;
  locale: string | null;
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  /** the numeric Shopify order id the review is for */
  orderId: string | null;
  mediaCount: number;
  verified: boolean;
  /** written for a reward: the storefront discloses it (16 CFR 255.5) */
  incentivized: boolean;
  replyContent: string | null;
  /** ISO 8601 */
  repliedAt: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/**
 * 'reviews.facts'. A reward must never depend on the rating or the words (16 CFR 465.4): a plugin
 * that rewards reads only whose review it is and its shape (source, content length, media count).
 */
export interface ReviewFactsApi {
  /** undefined when the shop has no such review (another shop's, or deleted for good) */
  reviewFacts(tenant: Tenant, reviewId: number): Promise<ReviewFactSheet | undefined>;
  /** how many reviews the shop has by this email, in any state but the recycle bin (case-insensitive) */
  reviewCount(tenant: Tenant, email: string): Promise<number>;
  /** the review earned a reward (a discount, loyalty points): from now on it is disclosed as incentivized */
  markIncentivized(tenant: Tenant, reviewId: number): Promise<void>;
}
export const ReviewFacts = defineCapability<ReviewFactsApi>('reviews.facts');
