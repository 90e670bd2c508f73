// The web-push integration's interface (spec sections 1, 3, 4, 7). The web-push app itself is not
// part of Plaudit: this file fixes what Plaudit stores, shows and hands over, so the app can plug in.

/** The `{push-app}` of `GET /api/integrations/{push-app}`. */
export const PUSH_APP = 'web-push';

/** A push reminder covers the first 2 items of an order (spec section 9). */
export const PUSH_ITEMS = 2;

/** Per shop: whether the web-push app is connected and whether review-reminder pushes are on. */
export interface PushIntegration {
  integrated: boolean;
  reviewReminderStatus: boolean;
}

export const PUSH_OFF: PushIntegration = { integrated: false, reviewReminderStatus: false };

/** A push entry's status (queueType 'push'), shown in the queue with a push suffix. */
export type PushStatus = 'waiting' | 'success' | 'failed' | 'cancel';
export const PUSH_SENT_STATES: readonly string[] = ['success'];

/** The push entry attached to an email entry of the same order, as the queue list returns it. */
export interface PushQueueEntry {
  id: number;
  status: PushStatus;
}

/** What Plaudit hands the web-push app for one push reminder. */
export interface PushReminder {
  /** stable per push entry: the app must treat a repeated id as the same push (delivery is at least once) */
  id: string;
  shopDomain: string;
  orderId: string;
  orderName: string;
  customerId: string | null;
  customerEmail: string | null;
  /** the first 2 items of the order, each with its signed, expiring review link */
  items: { productId: string; title: string; reviewUrl: string }[];
}

/** The web-push app's side: deliver one reminder to the customer's subscribed browsers. */
export interface PushGateway {
  send(reminder: PushReminder): Promise<void>;
}

/**
 * The capability a web-push integration plugin provides (plugins/integration-web-push, OneSignal):
 * whether the shop connected it, and one reminder sent through it (idempotent per reminder id).
 */
export const PUSH_GATEWAY = 'push.gateway';
export interface PushGatewayCapability {
  connected(shopId: number): Promise<boolean>;
  send(shop: { shopId: number; shopDomain: string }, reminder: PushReminder): Promise<{ id: string }>;
}

/** Push actions in queue rows are allowed only in these circumstances (spec section 4). */
export function pushAllowed(integration: PushIntegration, push: PushQueueEntry | null | undefined): boolean {
  return integration.integrated && integration.reviewReminderStatus && !!push && !PUSH_SENT_STATES.includes(push.status);
}

/** Full access for installs after 9 May 2025 (spec section 9); otherwise the push action needs a paid plan. */
const FULL_ACCESS_AFTER = Date.parse('2025-05-09T23:59:59Z');
export function pushActionInPlan(shop: { plan: string; installedAt?: unknown }): boolean {
  return shop.plan !== 'free' || (typeof shop.installedAt === 'string' && Date.parse(shop.installedAt) > FULL_ACCESS_AFTER);
}
