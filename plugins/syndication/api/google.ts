import type Router from '@koa/router';
import { type ApiServices, type AppState, CredentialsRefused, integrationRoutes, type Tenant } from '@plaudit/kernel';
import { googleCounts, googleShopState } from '../db/google-state';
import { GoogleRefused, googleMerchant } from '../shared/google-client';
import { GOOGLE_APP, googleCredentials } from '../shared/google-credentials';
import { startResync } from './resync';

/** Starts a Google re-sync (api/resync.ts). */
export const resyncGoogle = (services: ApiServices, tenant: Tenant) => startResync(services, tenant, 'google');

export function googleRoutes(services: ApiServices, router: Router<AppState>) {
  // registered before the integration routes: runs around their PUT, starting a re-sync once connected
  router.put(`/integrations/${GOOGLE_APP}`, async (ctx, next) => {
    await next();
    if ((ctx.body as { data?: { status?: string } } | undefined)?.data?.status === 'connected') await resyncGoogle(services, ctx.state.tenant);
  });
  const google = integrationRoutes(services, {
    app: GOOGLE_APP,
    label: 'Google Merchant Center',
    credentials: googleCredentials,
    async verify(c) {
      try {
        await googleMerchant(services.config, c).check();
      } catch (err) {
        // a key Google does not take, an account the service account may not use, Google out of reach
        if (err instanceof GoogleRefused || (err as Error).name === 'TimeoutError' || (err as Error).name === 'TypeError')
          throw new CredentialsRefused((err as Error).message);
        throw err;
      }
    },
  });
  router.use(google.routes());
}

/** The Google channel's part of GET /api/syndication. */
export async function googleStatus(services: ApiServices, tenant: Tenant) {
  const [connection, items, shop] = await Promise.all([services.integrations.state(tenant.shopId, GOOGLE_APP), googleCounts(tenant), googleShopState(tenant)]);
  return {
    connected: connection.status === 'connected',
    connectedAt: connection.connectedAt,
    ...items,
    lastSyncAt: shop.googleLastSyncAt,
    lastError: shop.googleLastError,
    lastErrorAt: shop.googleLastErrorAt,
    resync: shop.googleBackfillRun
      ? { run: shop.googleBackfillRun, checked: shop.googleBackfillChecked, startedAt: shop.googleBackfillStartedAt, finishedAt: shop.googleBackfillFinishedAt }
      : null,
  };
}
