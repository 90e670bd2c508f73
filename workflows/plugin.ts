// The contract for plugins/<id>/activities/index.ts: export `createActivities(deps)` returning
// plain async functions. Workflow code (plugins/<id>/workflows/index.ts) exports workflow
// functions and imports only @temporalio/workflow, its own messages and `import type` of activities.
import type { KernelServices } from '../api/kernel/services';

/** What the worker hands every activity factory: the kernel services, as the API has them. */
export type ActivityDeps = KernelServices;

export type ActivityFunction = (...args: never[]) => Promise<unknown>;
export type ActivitiesFactory = (deps: ActivityDeps) => Record<string, ActivityFunction>;

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

export type PlatformHooksFactory = (deps: ActivityDeps) => PlatformHooks;

/**
 * Durable event handlers, exported from plugins/<id>/activities as `createEventHandlers(deps)`:
 * one per event the plugin's manifest `listens` to. Each runs in a retried activity: be idempotent.
 */
export type EventHandlers = Record<string, (payload: any) => Promise<void>>;
export type EventHandlersFactory = (deps: ActivityDeps) => EventHandlers;
