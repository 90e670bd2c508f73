// What this plugin reads of other plugins (its own, consumer-defined interfaces), its credentials,
// and the events it sends. Shared by the API, the activities and the workflow.
import { z } from 'zod';
import type { Tenant } from '@plaudit/kernel';

export const APP = 'omnisend';
export const LABEL = 'Omnisend';
export const OMNISEND_EVENTS_URL = 'https://api.omnisend.com/v5/events';
/** the cheap authenticated call a key is verified with (one contact at most) */
export const OMNISEND_VERIFY_URL = 'https://api.omnisend.com/v5/contacts?limit=1';
/** Omnisend's own limit: 400 requests a minute (per API key) */
export const OMNISEND_BUDGET = { points: 400, perSeconds: 60 };

const REQUIRED = 'This field is required';
export const omnisendCredentials = z.object({
  apiKey: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200),
});
export type OmnisendCredentials = z.infer<typeof omnisendCredentials>;

/** The Omnisend custom events this plugin sends, by the Plaudit event behind each. */
export const EVENT_NAMES = {
  'review.created': 'plaudit review submitted',
  'review.published': 'plaudit review published',
  'review.replied': 'plaudit review reply added',
  'request.sent': 'plaudit review request sent',
  'request.eligible': 'plaudit review request eligible',
} as const;
export type SourceEvent = keyof typeof EVENT_NAMES;

/** `reviews.facts`, as far as this plugin reads it */
export interface ReviewFacts {
  reviewId: number;
  kind: 'product' | 'store';
  status: string;
  rating: number;
  title: string | null;
  content: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  customerId: string | null;
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  orderId: string | null;
  mediaCount: number;
  verified: boolean;
  replyContent: string | null;
  repliedAt: string | null;
  createdAt: string;
}
export interface ReviewFactsProvider {
  reviewFacts(tenant: Tenant, reviewId: number): Promise<ReviewFacts | undefined>;
}

/** `review-requests.facts`, as far as this plugin reads it */
export interface RequestOrderFacts {
  orderId: string;
  orderName: string;
  customer: { email: string | null; firstName: string | null; lastName: string | null; locale: string | null };
  lineItems: { productId: string; title: string; imageUrl: string | null }[];
}
export interface RequestFactsProvider {
  orderFacts(tenant: Tenant, where: { queueEntryId: number }): Promise<RequestOrderFacts | undefined>;
}

/** 'review.created', as far as this plugin reads it */
export interface ReviewCreated {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  /** 'published' when the shop publishes new reviews at once (no review.published follows) */
  status: string;
}
/** 'review.published' and 'review.replied' (one change of many reviews) */
export interface ReviewsChanged {
  shopId: number;
  shopDomain: string;
  change: string;
  at: string;
  reviews: { reviewId: number; productId: string | null; status: string }[];
}
/** 'request.sent' */
export interface RequestSent {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  productIds: string[];
  reminder: number;
  status: string;
  at: string;
}
/** 'request.eligible' (key = request id): once per request, when it is sent (reminder 0) by Plaudit's
 * email or, `sentBy`, by another email-marketing app; `ratingUrls` open the write page with that many
 * stars already chosen. */
export interface RequestEligible {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  customer: { email: string; firstName: string | null; lastName: string | null; locale: string | null };
  products: {
    productId: string;
    title: string;
    imageUrl: string | null;
    reviewUrl: string;
    ratingUrls: { '1': string; '2': string; '3': string; '4': string; '5': string };
  }[];
  /** absent from older senders: Plaudit's email */
  sentBy?: string | null;
  at: string;
}
