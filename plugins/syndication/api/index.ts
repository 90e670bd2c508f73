import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppState, defineApiPlugin, type Tenant } from '@plaudit/kernel';
import { counts, rotateToken, shopRow } from '../db/state';
import { GOOGLE_APP } from '../shared/google-credentials';
import { resyncInput, SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { googleRoutes, googleStatus, resyncGoogle } from './google';
import { metaFeedReviews, metaFeedRoutes, metaFeedUrl } from './meta-feed';
import { startResync } from './resync';

function routes(services: ApiServices) {
  const settings = services.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);
  const router = new Router<AppState>({ prefix: '/syndication' });

  const resync = (tenant: Tenant) => startResync(services, tenant, 'shopify');

  router.get('/', async (ctx) => {
    const { shopId } = ctx.state.auth;
    const [choices, shop, items, feed, google] = await Promise.all([
      settings.get(shopId),
      shopRow(ctx.state.tenant),
      counts(ctx.state.tenant),
      metaFeedReviews(services, shopId),
      googleStatus(services, ctx.state.tenant),
    ]);
    const appUrl = services.config.appUrl;
    ctx.body = {
      shopify: {
        enabled: choices.shopifyEnabled,
        ...items,
        lastSyncAt: shop.lastSyncAt,
        lastError: shop.lastError,
        lastErrorAt: shop.lastErrorAt,
        resync: shop.backfillRun
          ? { run: shop.backfillRun, checked: shop.backfillChecked, startedAt: shop.backfillStartedAt, finishedAt: shop.backfillFinishedAt }
          : null,
      },
      google,
      meta: {
        enabled: choices.metaFeedEnabled,
        reviews: feed.reviews.length,
        csvUrl: metaFeedUrl(appUrl, shop.metaToken, 'csv'),
        jsonUrl: metaFeedUrl(appUrl, shop.metaToken, 'json'),
      },
    };
  });

  // Turning Shopify on syndicates the reviews already there (a re-sync), then each change follows.
  router.put('/settings', async (ctx) => {
    const { shopId } = ctx.state.auth;
    const before = await settings.get(shopId);
    const after = await settings.update(shopId, (ctx.request.body ?? {}) as object);
    if (after.shopifyEnabled && !before.shopifyEnabled) await resync(ctx.state.tenant);
    ctx.body = after;
  });

  router.post('/resync', async (ctx) => {
    const { shopId } = ctx.state.auth;
    const { channel } = resyncInput.parse(ctx.request.body ?? {});
    if (channel === 'google') {
      if ((await services.integrations.state(shopId, GOOGLE_APP)).status !== 'connected')
        throw createHttpError(409, 'Connect Google Merchant Center first', { code: 'SYNDICATION_OFF' });
      ctx.status = 202;
      ctx.body = { run: await resyncGoogle(services, ctx.state.tenant) };
      return;
    }
    if (!(await settings.get(shopId)).shopifyEnabled) throw createHttpError(409, 'Turn on Shopify syndication first', { code: 'SYNDICATION_OFF' });
    ctx.status = 202;
    ctx.body = { run: await resync(ctx.state.tenant) };
  });

  router.post('/meta/rotate', async (ctx) => {
    const token = await rotateToken(ctx.state.tenant);
    const appUrl = services.config.appUrl;
    ctx.body = { csvUrl: metaFeedUrl(appUrl, token, 'csv'), jsonUrl: metaFeedUrl(appUrl, token, 'json') };
  });

  // the Google push's connection lives under /api/integrations/google-merchant (api/google.ts)
  const root = new Router<AppState>();
  googleRoutes(services, root);
  root.use(router.routes());
  return root;
}

export default defineApiPlugin({ id: 'syndication', routes, publicRoutes: metaFeedRoutes });
