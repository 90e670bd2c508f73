// The webhook delivery workflow's input (shared by the workflow, the event handlers and the routes that start it).
import type { WebhookTiming } from '../shared/webhooks';

export interface WebhookDeliveryInput {
  shopId: number;
  shopDomain: string;
  /** the delivery row's id, sent as `Plaudit-Webhook-Id` */
  deliveryId: string;
  /** the retry policy (the shop's `public-api.webhooks` timing, read when the delivery is made) */
  timing: WebhookTiming;
  /** a single attempt and no automatic disabling: a test ping or the merchant's redelivery */
  once?: boolean;
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'skipped';

/** One workflow per delivery; a redelivery (n = 1, 2 ...) is a workflow of its own for the same delivery id. */
export const webhookWorkflowId = (shopDomain: string, deliveryId: string, redelivery = 0) =>
  `webhook:${shopDomain}:${deliveryId}${redelivery ? `:r${redelivery}` : ''}`;
