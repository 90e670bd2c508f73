// The contract an integrator writes against on the API side: plugins/<id>/api/index.ts
// default-exports `defineApiPlugin({...})`. See docs/plugins.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandledEvent } from '../kernel/events';
import type { KernelServices } from '../kernel/services';
import type { AppRouter } from '../http/types';

/** What the kernel hands every plugin's API side: the kernel services (api/kernel/services.ts). */
export type ApiServices = KernelServices;

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
  /**
   * Runs once when the API starts, after migrations: idempotent set-up such as creating the
   * plugin's Temporal Schedules (`services.temporal.client.schedule`). A failure stops start-up.
   */
  onStart?: (services: ApiServices) => Promise<void>;
  /**
   * Runs when the API closes, before the database pool and Temporal client: stops whatever onStart
   * (or the plugin's routes) left running, such as timers and connections of its own.
   */
  onStop?: (services: ApiServices) => Promise<void>;
  /**
   * In-process listeners, run in this process after the emitter's commit (dropping a cache):
   * `on: [handleEvent(ReviewCreated, (review) => ...)]`. Durable work belongs in `createEventHandlers`.
   */
  on?: HandledEvent[];
  /**
   * Answers requests it can answer at once, from memory, before Koa and the kernel's middleware
   * (the storefront's cached reads); returns false to leave a request to the app. Must not throw.
   * A lane may answer after one look-up (a promise): false then still leaves the request to the app.
   */
  fastLane?: (services: ApiServices) => FastLane;
}

export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export function defineApiPlugin(plugin: ApiPlugin): ApiPlugin {
  return plugin;
}
