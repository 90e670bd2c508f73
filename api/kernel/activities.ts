// What a plugin's worker side (plugins/<id>/activities/index.ts) is handed and hands back: the
// kernel services as activity deps, and the platform hooks a plugin exports as
// `createPlatformHooks(deps)`. Exported to plugins through @plaudit/kernel; the worker that loads
// them (workflows/registry.ts) imports these, never the reverse.
import type { KernelServices } from './services';

/** What the worker hands every activity factory: the kernel services, as the API has them. */
export type ActivityDeps = KernelServices;

/** A webhook as received and verified by the API; `payload` is the raw JSON text. */
export interface WebhookDelivery {
  id: number;
  shopId: number | null;
  shopDomain: string;
  topic: string;
  webhookId: string;
  triggeredAt: string | null;
  payload: string;
}

export interface CustomerRef {
  shopId: number;
  shopDomain: string;
  customer: { id?: string; email?: string; phone?: string };
  ordersToRedact?: string[];
}

/**
 * What a plugin does with the store platform's events, exported from plugins/<id>/activities as
 * `createPlatformHooks(deps)`. Runs in the worker, inside a retried activity: be idempotent.
 */
export interface PlatformHooks {
  /** by topic, e.g. 'orders/fulfilled'; `body` is the payload with ids above 2^53 kept as strings */
  webhooks?: Record<string, (delivery: WebhookDelivery, body: any) => Promise<void>>;
  /** remove or anonymise that customer's personal data in the plugin's tables */
  redactCustomer?(ref: CustomerRef): Promise<void>;
  /** the customer's personal data the plugin holds, for customers/data_request */
  exportCustomer?(ref: CustomerRef): Promise<Record<string, unknown>>;
  /** remove everything of the shop (shop/redact, 48 h after uninstall) */
  redactShop?(shop: { shopId: number; shopDomain: string }): Promise<void>;
}
