// The contract an integrator writes against on the API side: plugins/<id>/api/index.ts
// default-exports `defineApiPlugin({...})`. See docs/plugins.md.
import type { Knex } from 'knex';
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
  /** Kernel events the plugin listens to. */
  on?: Record<string, EventHandler>;
}

export function defineApiPlugin(plugin: ApiPlugin): ApiPlugin {
  return plugin;
}
