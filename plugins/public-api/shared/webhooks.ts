// Outgoing webhooks: the admin's inputs (validated by api/webhook-routes.ts), what the admin reads
// back, and the delivery timing. WEBHOOKS.md is the integrator's documentation of all of it.
import { z } from 'zod';
import { WEBHOOK_TOPICS, type WebhookTopic } from './webhook-topics';

/** the test ping's topic (never subscribed to: the merchant sends it from the admin) */
export const PING_TOPIC = 'ping';
export const MAX_SUBSCRIPTIONS = 10;

const required = 'This field is required';
const url = z.string({ error: required }).trim().min(1, required).max(2048, 'URL is too long').url('Enter a valid URL');
const topics = z
  .array(z.enum(WEBHOOK_TOPICS, { error: 'Unknown topic' }), { error: required })
  .min(1, 'Choose at least one topic')
  .transform((list) => [...new Set(list)]);

export const subscriptionInput = z.object({ url, topics }).strict();
export const subscriptionPatch = z.object({ url: url.optional(), topics: topics.optional(), enabled: z.boolean().optional() }).strict();
export type SubscriptionInput = z.output<typeof subscriptionInput>;
export type SubscriptionPatch = z.output<typeof subscriptionPatch>;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookSubscriptionView {
  id: number;
  url: string;
  topics: WebhookTopic[];
  enabled: boolean;
  /** 'failing': switched off after sustained failure; 'merchant': switched off in the admin */
  disabledReason: 'failing' | 'merchant' | null;
  disabledAt: string | null;
  consecutiveFailures: number;
  failingSince: string | null;
  lastSuccessAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDeliveryView {
  id: string;
  subscriptionId: number;
  topic: string;
  status: DeliveryStatus;
  attempts: number;
  redeliveries: number;
  lastStatusCode: number | null;
  /** the endpoint's last answer, at most 2 KB */
  lastResponse: string | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  payload: unknown;
}

/**
 * When failed attempts are tried again: exponential backoff from `retryInitialMs`, doubling up to
 * `retryMaxMs` between attempts, for `retryWindowMs` after the first. Not on any merchant screen:
 * operators and tests (seconds instead of hours) store it as the `public-api.webhooks` setting.
 */
export const webhookTimingSchema = z
  .object({
    retryInitialMs: z.number().int().min(1),
    retryMaxMs: z.number().int().min(1),
    retryWindowMs: z.number().int().min(1),
  })
  .strict();
export type WebhookTiming = z.output<typeof webhookTimingSchema>;
export const WEBHOOK_TIMING: WebhookTiming = { retryInitialMs: 30_000, retryMaxMs: 3_600_000, retryWindowMs: 86_400_000 };
