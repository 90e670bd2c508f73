// What the Klaviyo plugin's sides share: the app's name, the API it calls, the metric names, the
// credentials, the capabilities it uses (consumer-defined interfaces) and the delivery workflow's
// input; the events it listens to are the contracts' (@plaudit/contracts/reviews, /review-requests).
import { z } from 'zod';
import type { RequestEligiblePayload } from '@plaudit/contracts/review-requests';

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
export const credentialsSchema = z
  .object({
    privateKey: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
  })
  .strict();
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
  | ({ event: 'request-eligible' } & Pick<RequestEligiblePayload, 'requestId' | 'orderId' | 'orderName' | 'customer' | 'products'> & { sentBy?: string | null })
);

export const deliveryWorkflowId = (shopDomain: string, event: KlaviyoEventKind, key: string | number) => `${APP}:${shopDomain}:${event}:${key}`;
