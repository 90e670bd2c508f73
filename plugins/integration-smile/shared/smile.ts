// What the Smile.io plugin's sides share: the app's id and name, its credentials, the workflow's
// input and id, and the parts of other plugins' contracts it reads (its own interfaces).
import { z } from 'zod';
import type { Tenant } from '@plaudit/kernel';

export const APP = 'smile';
export const LABEL = 'Smile.io';
export const SMILE_API = 'https://api.smile.io/v1';

const required = 'This field is required';
const field = z.string({ error: required }).trim().min(1, required).max(500);

/** The merchant's API key (or the account's private key) and the token of the "Write a review" activity type. */
export const smileCredentials = z
  .object({
    privateKey: field,
    // Smile: "The token/type will always start with activity_"
    activityToken: field.regex(/^activity_[A-Za-z0-9]+$/, 'The activity token starts with activity_ (Smile Admin > Settings > Developer tools)'),
  })
  .strict();
export type SmileCredentials = z.infer<typeof smileCredentials>;

export interface SmileInput {
  shopId: number;
  shopDomain: string;
  reviewId: number;
}

export type SmileOutcome = 'awarded' | 'not_connected' | 'no_reviews' | 'review_gone' | 'not_shoppers_own' | 'no_email' | 'not_a_smile_customer' | 'revoked';

export const smileWorkflowId = (shopDomain: string, reviewId: number) => `smile:${shopDomain}:review:${reviewId}`;
/** Smile's idempotency key for the review's activity: one activity per review whatever retries. */
export const smileDistinctId = (reviewId: number) => `plaudit-review-${reviewId}`;

/** The review sources that are the shopper's own (the reviews plugin's CUSTOMER_SOURCES): imports and the merchant's reviews earn nothing. */
export const SHOPPER_SOURCES: readonly string[] = ['customer', 'guest'];

/** The part of 'reviews.facts' this plugin reads. */
/** `reviews.rewards` as this plugin uses it: a review that earned points is an incentivized review (FTC 16 CFR 465.5: disclosed). */
export interface ReviewIncentives {
  markIncentivized(tenant: Tenant, reviewId: number): Promise<void>;
}

/** `loyalty.points`, offered to the rewards plugin: Smile's points as the reward for reviews. */
export interface LoyaltyPoints {
  app: string;
  label: string;
  connected(shopId: number): Promise<boolean>;
}

export interface ReviewFactsReader {
  reviewFacts(tenant: Tenant, reviewId: number): Promise<{ status: string; source: string; email: string | null; firstName: string | null } | undefined>;
}

/** The parts of the reviews plugin's events it reads. */
export interface ReviewsChangedEvent {
  shopId: number;
  shopDomain: string;
  change: string;
  reviews: { reviewId: number; status: string }[];
}
export interface ReviewCreatedEvent {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  status: string;
}
