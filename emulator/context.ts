// What every part of the emulator shares: the store, the app's registration and the webhook sender.
import type { EmulatorStore } from './store';
import type { Logger } from './types';
import type { WebhookSender } from './webhooks';

export interface EmulatorContext {
  store: EmulatorStore;
  /** the app's client id and secret as registered with the emulated Shopify */
  apiKey: string;
  apiSecret: string;
  /** where the app listens, without a trailing slash */
  appUrl: string;
  log: Logger;
  webhooks: WebhookSender;
}

/** Shopify's own shop-domain rule; the emulator refuses anything else in URLs and bodies. */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;
