// The review-requests plugin's contract (see README.md): what it offers other plugins.
import type { Tenant } from '@plaudit/kernel';
import type { AnalyticsSource } from './analytics';
import { defineCapability, defineEvent, webhookTopic } from './define';

// --- events: durable, each recorded in the transaction that records the change on the request's queue entry ---

/** 'request.sent', key = `<request id>:<reminder>`: the request email (reminder 0) or a reminder went out. */
export interface RequestSentPayload {
  shopId: number;
  shopDomain: string;
  /** the queue entry's id */
  requestId: number;
  /** Shopify's numeric order id */
  orderId: string;
  orderName: string | null;
  /** the order's products the email asks to review */
  productIds: string[];
  /** 0: the request itself; 1, 2 ...: its reminders */
  reminder: number;
  status: string;
  /** when (ISO 8601) */
  at: string;
}
export const RequestSent = webhookTopic(defineEvent<RequestSentPayload>('request.sent'), 'request.sent');

/** 'request.reviewed', key = request id: the customer reviewed; nothing more is sent for the order. */
export interface RequestReviewedPayload {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  productIds: string[];
  status: 'reviewed';
  at: string;
}
export const RequestReviewed = webhookTopic(defineEvent<RequestReviewedPayload>('request.reviewed'), 'request.reviewed');

/** One product of an eligible request: its review link and one-click rating links (the write page with 1 to 5 stars chosen). */
export interface EligibleProduct {
  productId: string;
  title: string;
  imageUrl: string | null;
  reviewUrl: string;
  ratingUrls: Record<'1' | '2' | '3' | '4' | '5', string>;
}

/**
 * 'request.eligible', key = request id: the order's request is due and its email goes out now, from
 * Plaudit or (`sentBy`) from the merchant's email-marketing app (emitted with the first
 * 'request.sent'), with what another app needs to ask for the reviews itself. The links are signed
 * and expire like the email's.
 */
export interface RequestEligiblePayload {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  customer: { email: string; firstName: string | null; lastName: string | null; locale: string | null };
  products: EligibleProduct[];
  /** null: Plaudit's own email went out; else the email-marketing app that sends the request instead */
  sentBy: string | null;
  at: string;
}
export const RequestEligible = defineEvent<RequestEligiblePayload>('request.eligible');

// --- capabilities ---

/** The order behind a queue entry, as its request knows it. */
export interface RequestOrderFacts {
  /** Shopify's numeric order id */
  orderId: string;
  orderName: string;
  customer: { email: string | null; firstName: string | null; lastName: string | null; locale: string | null };
  /** the order's products (those with a product id) */
  lineItems: { productId: string; title: string; imageUrl: string | null }[];
}

/** 'review-requests.facts': what the queue entry behind a review link or an event knows about the order. */
export interface RequestFactsApi {
  /** undefined for another shop's entry or one that is gone */
  orderFacts(tenant: Tenant, where: { queueEntryId: number }): Promise<RequestOrderFacts | undefined>;
}
export const RequestFacts = defineCapability<RequestFactsApi>('review-requests.facts');

/** This month's review requests against the plan's quota; `limit` and `left` are null when unlimited. */
export interface MonthlyQuota {
  limit: number | null;
  used: number;
  left: number | null;
}

/** 'review-requests.quota': the month's requests, counted in the shop's own month (its timezone). */
export interface RequestQuotaApi {
  monthly(tenant: Tenant, shop: { plan: string; timezone: string }): Promise<MonthlyQuota>;
}
export const RequestQuota = defineCapability<RequestQuotaApi>('review-requests.quota');

/** A request's status as the queue stores it. */
export type StoredRequestStatus = 'waitingCondition' | 'waiting' | 'success' | 'opened' | 'reviewed' | 'failed' | 'cancel' | 'pause';

/** A review request as the public API shows it. */
export interface ApiRequest {
  id: number;
  /** Shopify's numeric order id */
  orderId: string;
  orderName: string | null;
  status: StoredRequestStatus;
  /** why a cancelled request was skipped (blocked customer, no email, ...) */
  skipReason: string | null;
  customerEmail: string | null;
  customerName: string | null;
  shippingCountry: string | null;
  products: { productId: string | null; title: string; quantity: number }[];
  orderCreatedAt: string | null;
  fulfilledAt: string | null;
  deliveredAt: string | null;
  scheduledAt: string | null;
  sentAt: string | null;
  openedAt: string | null;
  reviewedAt: string | null;
  reminderCount: number;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiRequestQuery {
  status?: StoredRequestStatus[];
  /** Shopify's numeric order id */
  orderId?: string;
  sort: 'newest' | 'oldest';
  limit: number;
  /** a previous page's nextCursor */
  after?: string;
}

/**
 * 'review-requests.public': a shop's review requests through the queue screen's own paths (the
 * public API, Shopify Flow's action). Every method acts on the tenant's shop only: another shop's id
 * is `undefined` (a 404).
 */
export interface RequestsPublicApi {
  list(tenant: Tenant, query: ApiRequestQuery): Promise<{ items: ApiRequest[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<ApiRequest | undefined>;
  /**
   * The order's request, started as the old-orders send starts it (the order read from the store,
   * the per-order workflow started or joined). An order with a request already answers it with
   * `created: false`; `request` is null when the workflow has not recorded it within a few seconds.
   * Throws 404 (no such order in the store) and 503 (no store platform, Temporal unreachable).
   */
  create(tenant: Tenant, input: { orderId: string }): Promise<{ created: boolean; orderId: string; orderName: string; request: ApiRequest | null }>;
  /** the queue's cancel: waiting requests only (else 409 WRONG_STATUS) */
  cancel(tenant: Tenant, id: number): Promise<ApiRequest | undefined>;
}
export const RequestsPublic = defineCapability<RequestsPublicApi>('review-requests.public');

/**
 * 'review-requests.analytics': the request funnel's facts per local day (requests.sent.email,
 * requests.sent.push, requests.opened, requests.clicked, requests.reviewed, requests.photo,
 * requests.started (a star clicked in the email, issue 32; absent when 0),
 * requests.channel.<email|sms|whatsapp|push>.<sent|delivered|clicked|started|reviewed> (the funnel by
 * the channel that carried the request, issue 32; delivered from the text messages' receipts; absent when 0),
 * requests.reminded, requests.reviewed_after_reminder, requests.failed, requests.skipped.<reason>,
 * requests.ttr.<bucket>, requests.unsubscribed), keyed by the day a request was sent, else queued
 * (a cohort), plus the click a landing page's UTM names (attribution).
 */
export interface RequestsAnalyticsApi extends AnalyticsSource {
  /** when the queue entry's links were first clicked, undefined when never (or not the shop's) */
  clickedAt(tenant: Tenant, queueEntryId: number): Promise<Date | undefined>;
}
export const RequestsAnalytics = defineCapability<RequestsAnalyticsApi>('review-requests.analytics');

/**
 * The buckets of requests.ttr.<key>, time from send to review: review-requests counts a review in the
 * first bucket whose upper bound (hours) it does not exceed; the analytics plugin's screens name the keys.
 */
export const TIME_TO_REVIEW = [
  { key: 'h1', hours: 1 },
  { key: 'h6', hours: 6 },
  { key: 'd1', hours: 24 },
  { key: 'd2', hours: 48 },
  { key: 'd4', hours: 96 },
  { key: 'd7', hours: 168 },
  { key: 'd14', hours: 336 },
  { key: 'd30', hours: 720 },
  { key: 'more', hours: Infinity },
] as const;

/** A customer with a fulfilled or delivered order of a product. */
export interface VerifiedBuyer {
  email: string;
  name: string | null;
  /** the order's locale (the storefront language they bought in), null when the order did not say */
  locale: string | null;
  /** the Shopify customer id (digits), null for a guest checkout */
  customerId: string | null;
}

/** 'review-requests.buyers': a product's verified buyers and the requests' unsubscribe link (one list, one link). */
export interface RequestBuyersApi {
  /**
   * Up to `limit` (at most 100) buyers of the product, the latest purchase first, each once, never
   * one who unsubscribed from review requests or whom the merchant blocked. `exclude` lists emails
   * (any case) and Shopify customer ids (digits or gid) to leave out.
   */
  verifiedBuyers(tenant: Tenant, productId: string, limit: number, exclude?: string[]): Promise<VerifiedBuyer[]>;
  /** whether the customer unsubscribed from review requests or was blocked (checked again before each send) */
  blocked(tenant: Tenant, email: string): Promise<boolean>;
  /** the review-requests unsubscribe link for this customer, undefined when the shop has no request for that email */
  unsubscribeUrl(tenant: Tenant, email: string): Promise<string | undefined>;
}
export const RequestBuyers = defineCapability<RequestBuyersApi>('review-requests.buyers');
