// What the Smile.io plugin's sides share: the app's id and name, its credentials, the workflow's
// input and id.
import { z } from 'zod';

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
