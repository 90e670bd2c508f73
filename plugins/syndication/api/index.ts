// The Syndication screen's API under /api/syndication (each channel's state, its switches, the
// re-sync and the feed token) and the public Meta feed (api/meta-feed.ts).
import crypto from 'node:crypto';
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppState, defineApiPlugin, type Tenant } from '@plaudit/kernel';
import { beginBackfill, counts, rotateToken, shopRow } from '../db/state';
import { type BackfillInput, backfillWorkflowId } from '../shared/backfill';
import { SyndicationBackfill } from '../shared/workflows';
import { resyncInput, SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';
import { metaFeedReviews, metaFeedRoutes, metaFeedUrl } from './meta-feed';

function routes(services: ApiServices) {
  const settings = services.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);
  const router = new Router<AppState>({ prefix: '/syndication' });

  /** Starts a re-sync: the shop's current run, its workflow recorded in the same transaction. */
  async function resync(tenant: Tenant) {
    // unique even for two re-syncs in the same millisecond
    const run = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`;
    const input: BackfillInput = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, run };
    await services.knex.transaction(async (trx) => {
      await beginBackfill(tenant, run, trx);
      await services.outbox.start(
        SyndicationBackfill,
        {
          workflowId: backfillWorkflowId(tenant.shopDomain, run),
          args: [input],
          shopDomain: tenant.shopDomain,
          summary: `Re-sync of ${tenant.shopDomain}'s reviews to Shopify`,
        },
        trx,
      );
    });
    return run;
  }

  router.get('/', async (ctx) => {
    const { shopId } = ctx.state.auth;
    const [choices, shop, items, feed] = await Promise.all([
      settings.get(shopId),
      shopRow(ctx.state.tenant),
      counts(ctx.state.tenant),
      metaFeedReviews(services, shopId),
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
    resyncInput.parse(ctx.request.body ?? {});
    if (!(await settings.get(shopId)).shopifyEnabled) throw createHttpError(409, 'Turn on Shopify syndication first', { code: 'SYNDICATION_OFF' });
    ctx.status = 202;
    ctx.body = { run: await resync(ctx.state.tenant) };
  });

  router.post('/meta/rotate', async (ctx) => {
    const token = await rotateToken(ctx.state.tenant);
    const appUrl = services.config.appUrl;
    ctx.body = { csvUrl: metaFeedUrl(appUrl, token, 'csv'), jsonUrl: metaFeedUrl(appUrl, token, 'json') };
  });

  return router;
}

export default defineApiPlugin({ id: 'syndication', routes, publicRoutes: metaFeedRoutes });
