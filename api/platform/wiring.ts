// How the platform plugs into the API host: its authenticator and its routes.
import type Router from '@koa/router';
import type { Authenticator } from '../auth/context';
import type { AppState } from '../http/types';
import type { ApiServices } from '../plugins/types';
import { catalogRoutes } from './catalog-routes';
import { oauthRoutes } from './oauth-routes';
import { sessionTokenAuthenticator } from './session-token';
import { webhookRoutes } from './webhook-routes';

export function platformAuthenticators(services: ApiServices): Authenticator[] {
  const { platform, knex } = services;
  return platform ? [sessionTokenAuthenticator(knex, platform.shopify, platform.tokens)] : [];
}

/** Unauthenticated routes at the root: OAuth and webhooks (each verifies its caller). */
export function platformPublicRoutes(services: ApiServices): Router<AppState>[] {
  const { platform, knex, config } = services;
  if (!platform) return [];
  return [oauthRoutes(knex, platform.shopify, platform.tokens, config.encryptionKey!, config.env), webhookRoutes(services, platform.shopify)];
}

/** Authenticated routes under /api. */
export function platformApiRoutes(services: ApiServices): Router<AppState>[] {
  return services.platform ? [catalogRoutes(services.platform, services.capabilities)] : [];
}
