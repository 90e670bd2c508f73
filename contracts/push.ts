// The web-push app's role (provided by plugins/integration-web-push, OneSignal; another app could
// fill it): the review-requests plugin's push reminder sent to the customer's subscribed browsers.
import { defineCapability } from './define';

/** What Plaudit hands the web-push app for one push reminder. */
export interface PushReminder {
  /** `push-<entry id>`, stable per push entry: the app must treat a repeated id as the same push (delivery is at least once) */
  id: string;
  shopDomain: string;
  orderId: string;
  orderName: string;
  customerId: string | null;
  customerEmail: string | null;
  /** the first 2 items of the order, each with its signed, expiring review link */
  items: { productId: string; title: string; reviewUrl: string }[];
}

/** 'push.gateway': whether the shop connected the app, and one reminder sent through it. */
export interface PushGatewayApi {
  connected(shopId: number): Promise<boolean>;
  /** Sends the reminder once (idempotent per reminder id); throws what the sending activity records as a failure. */
  send(shop: { shopId: number; shopDomain: string }, reminder: PushReminder): Promise<{ id: string }>;
}
export const PushGateway = defineCapability<PushGatewayApi>('push.gateway');
