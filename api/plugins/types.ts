// The contract an integrator writes against on the API side: plugins/<id>/api/index.ts
// default-exports `defineApiPlugin({...})`. See docs/plugins.md.
import type { Knex } from 'knex';
import type { Tenant } from '../auth/tenant';
import type { Platform } from '../platform';
import type { Model } from 'objection';
import type { Config } from '../config';
import type { EventBus, EventHandler } from '../events';
import type { AppRouter } from '../http/types';
import type { Logger } from '../log';
import type { TemporalGateway } from '../temporal/connection';

/** What the kernel hands every plugin. */
export interface ApiServices {
  config: Config;
  log: Logger;
  knex: Knex;
  temporal: TemporalGateway;
  events: EventBus;
  /** the store platform (Shopify); undefined when no Shopify credentials are configured */
  platform?: Platform;
}

/** Per-product rating counts from our reviews (average, count, distribution 5..1). */
export interface ProductSummary {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
}

export interface ApiPlugin {
  /** must equal the plugin's folder name */
  id: string;
  /**
   * Routes mounted under /api behind authentication: ctx.state.auth names the shop and
   * ctx.state.tenant scopes every query to it.
   */
  routes?: (services: ApiServices) => AppRouter;
  /** Routes mounted at the root without authentication (storefront, public links); the plugin verifies its callers. */
  publicRoutes?: (services: ApiServices) => AppRouter;
  /** Objection models of the plugin's tables (bound to the kernel's database). */
  models?: (typeof Model)[];
  /**
   * Runs once when the API starts, after migrations: idempotent set-up such as creating the
   * plugin's Temporal Schedules (`services.temporal.client.schedule`). A failure stops start-up.
   */
  onStart?: (services: ApiServices) => Promise<void>;
  /** Kernel events the plugin listens to. */
  on?: Record<string, EventHandler>;
  /** Rating summaries for product ids (the reviews plugin provides it; used by /api/shopify/*). */
  productSummaries?: (tenant: Tenant, productIds: string[]) => Promise<Record<string, ProductSummary>>;
}

export function defineApiPlugin(plugin: ApiPlugin): ApiPlugin {
  return plugin;
}
