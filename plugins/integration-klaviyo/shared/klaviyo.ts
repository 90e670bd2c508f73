// What the Klaviyo plugin's sides share: the app's name, the API it calls, the metric names, the
// credentials, the events it listens to (its own types of what it reads), the capabilities it uses
// (consumer-defined interfaces) and the delivery workflow's input.
import { z } from 'zod';
import type { Tenant } from '@plaudit/kernel';

export const APP = 'klaviyo';
export const LABEL = 'Klaviyo';
export const KLAVIYO_EVENTS_URL = 'https://a.klaviyo.com/api/events';
export const KLAVIYO_ACCOUNTS_URL = 'https://a.klaviyo.com/api/accounts';
/** the dated API revision every call names (required on every call: https://developers.klaviyo.com/en/docs/authenticate_) */
export const KLAVIYO_REVISION = '2024-10-15';
/** Klaviyo's limit for POST /api/events, per account: 350/s burst, 3500/m steady */
export const EVENTS_BURST = { points: 350, perSeconds: 1 };
export const EVENTS_STEADY = { points: 3500, perSeconds: 60 };

/** Only the private key: the public key (site id) is for client-side calls, which Plaudit does not make. */
export const credentialsSchema = z.object({
  privateKey: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
}).strict();
export type KlaviyoCredentials = z.infer<typeof credentialsSchema>;

/** What happened, as it appears in the workflow id and in the metric's name. */
export const METRICS = {
  'review-submitted': 'Plaudit Review Submitted',
  'review-published': 'Plaudit Review Published',
  'review-replied': 'Plaudit Review Reply Added',
  'request-sent': 'Plaudit Review Request Sent',
  'request-eligible': 'Plaudit Review Request Eligible',
} as const;
export type KlaviyoEventKind = keyof typeof METRICS;

/** One delivery: a review event (the review's facts are read when it is sent), a request sent, or a
 * request eligible (everything it sends is in the event: the products and their rating links). */
export type DeliveryInput = {
  shopId: number;
  shopDomain: string;
  /** the workflow id, sent as Klaviyo's unique_id: a retried or repeated delivery is stored once */
  uniqueId: string;
  /** when it happened (ISO 8601) */
  at: string;
} & (
  | { event: 'review-submitted' | 'review-published' | 'review-replied'; reviewId: number }
  | { event: 'request-sent'; requestId: number; reminder: number; orderId: string; orderName: string | null; productIds: string[] }
  | ({ event: 'request-eligible' } & Pick<RequestEligible, 'requestId' | 'orderId' | 'orderName' | 'customer' | 'products'> & { sentBy?: string | null })
);

export const deliveryWorkflowId = (shopDomain: string, event: KlaviyoEventKind, key: string | number) => `${APP}:${shopDomain}:${event}:${key}`;

// --- the events it listens to (what it reads of them) ---

/** 'review.created' */
export interface ReviewCreated {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  status: string;
}

/** 'review.published', 'review.replied': one change of one or many reviews */
export interface ReviewsChanged {
  shopId: number;
  shopDomain: string;
  change: string;
  at: string;
  reviews: { reviewId: number; status: string }[];
}

/** 'request.sent' (key `<request id>:<reminder>`) */
export interface RequestSent {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  productIds: string[];
  reminder: number;
  at: string;
}

/** 'request.eligible' (key = request id): once per request, when its request is sent (reminder 0), by
 * Plaudit's email or (`sentBy` 'klaviyo') by the merchant's Klaviyo flow on this event; `ratingUrls`
 * open the write page with that many stars already chosen. */
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

/** `email-marketing.sender` as review-requests uses it: Klaviyo may send the review requests itself. */
export interface SenderApp {
  app: string;
  label: string;
  connected(shopId: number): Promise<boolean>;
}

// --- the capabilities it uses (optional: without them there is nothing to send) ---

/** `reviews.facts` */
export interface ReviewFactsReader {
  reviewFacts(tenant: Tenant, reviewId: number): Promise<
    | {
        reviewId: number;
        kind: 'product' | 'store';
        status: string;
        source: string;
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
    | undefined
  >;
  /** the shop's reviews by that email, any state but the trash (newer providers only: checked before use) */
  reviewCount?(tenant: Tenant, email: string): Promise<number>;
}

/** `review-requests.facts` */
export interface RequestFactsReader {
  orderFacts(tenant: Tenant, q: { queueEntryId: number }): Promise<
    | {
        orderId: string;
        orderName: string;
        customer: { email: string | null; firstName: string | null; lastName: string | null; locale: string | null };
        lineItems: { productId: string; title: string; imageUrl: string | null }[];
      }
    | undefined
  >;
}
