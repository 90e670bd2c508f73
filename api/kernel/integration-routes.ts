// The three calls every integration screen makes (`/settings/integration/<app>`), once for all:
//   GET    /api/integrations/<app>   { success, data: { app, status, connectedAt, disconnectedAt, reason } }
//   PUT    /api/integrations/<app>   the vendor's credentials: checked ('This field is required'),
//          verified by a real call to the vendor, then sealed and saved; a refused or unreachable
//          key is 400 'Please re-check the App ID, Secret key or network condition', any other
//          failure 502 'Failed to integrate with <app>'
//   DELETE /api/integrations/<app>   disconnect ('Failed to disconnect with <app>' when it fails)
// Credentials never leave the server.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { z } from 'zod';
import type { AppState } from '../http/types';
import type { KernelServices } from './services';

export const RECHECK_CREDENTIALS = 'Please re-check the App ID, Secret key or network condition';
export const failedToIntegrate = (label: string) => `Failed to integrate with ${label}`;
export const failedToDisconnect = (label: string) => `Failed to disconnect with ${label}`;

/** The vendor refused the credentials, or could not be reached to check them. */
export class CredentialsRefused extends Error {}

export interface IntegrationSpec<C extends object> {
  /** the app's id in URLs and the integrations table: 'klaviyo' */
  app: string;
  /** its name in messages: 'Klaviyo' */
  label: string;
  /** the credential fields, with 'This field is required' on each */
  credentials: z.ZodType<C>;
  /** one real call with the credentials; throws CredentialsRefused when the vendor says no */
  verify(credentials: C, shop: { shopId: number; shopDomain: string }): Promise<void>;
}

export function integrationRoutes<C extends object>(services: KernelServices, spec: IntegrationSpec<C>): Router<AppState> {
  const router = new Router<AppState>({ prefix: `/integrations/${spec.app}` });

  router.get('/', async (ctx) => {
    ctx.body = { success: true, data: await services.integrations.state(ctx.state.auth.shopId, spec.app) };
  });

  router.put('/', async (ctx) => {
    const { shopId } = ctx.state.auth;
    const credentials = spec.credentials.parse(ctx.request.body ?? {});
    try {
      await spec.verify(credentials, { shopId, shopDomain: ctx.state.tenant.shopDomain });
    } catch (err) {
      if (err instanceof CredentialsRefused) throw createHttpError(400, RECHECK_CREDENTIALS, { code: 'CREDENTIALS_REFUSED' });
      ctx.state.log.warn({ err, app: spec.app }, 'integration verification failed');
      throw createHttpError(502, failedToIntegrate(spec.label), { code: 'INTEGRATION_FAILED', expose: true });
    }
    ctx.body = { success: true, data: await services.integrations.connect(shopId, spec.app, credentials) };
  });

  router.delete('/', async (ctx) => {
    try {
      ctx.body = { success: true, data: await services.integrations.disconnect(ctx.state.auth.shopId, spec.app) };
    } catch (err) {
      ctx.state.log.error({ err, app: spec.app }, 'integration disconnect failed');
      throw createHttpError(500, failedToDisconnect(spec.label), { code: 'DISCONNECT_FAILED', expose: true });
    }
  });

  return router;
}
