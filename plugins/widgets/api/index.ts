// The widgets plugin's API side: the storefront (JSON reads, the Google feed and the server-rendered
// widgets) under /storefront/proxy/* (Shopify's app proxy, signature verified) and
// /storefront/shops/<shop>/* (direct), the same handlers behind both; the display-settings routes
// and the Google feed's readiness under /api. Reviews are read only through the capability ReviewFeed (shared/review-feed.ts).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppRouter, type AppState, defineApiPlugin, verifyAppProxy } from '@plaudit/kernel';
import { TranslationLabels } from '@plaudit/contracts/translations';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { displayOf } from './display-store';
import { invalidateShop, storefrontCache } from './cache';
import { googleFeedHandler } from './google-feed';
import { googleReadinessRoutes } from './google-readiness';
import { readRoutes } from './read-routes';
import { reviewsPageRoutes, unknownShopPage } from './reviews-page';
import { storefrontFastLane } from './fast-lane';
import { directShopContext, proxyShopContext, shopStates, type StorefrontAppState } from './shop-context';
import { ensureSnapshotSchedule } from './snapshot-schedule';
import { widgetAssetRoutes, widgetRoutes } from './widget-routes';
import { translationRoutes } from './translation-routes';
import { settingsRoutes } from './settings-routes';
import { widgetsCatalog } from './storefront-text';

export const FEED_PATH = '/feeds/google-product-reviews.xml';

/** The storefront routes, relative to either mount point. */
function storefrontRoutes(services: ApiServices) {
  const cache = storefrontCache(services);
  const routes = readRoutes(services, cache);
  routes.get(FEED_PATH, googleFeedHandler(services));
  return [routes, widgetRoutes(services), translationRoutes(services), reviewsPageRoutes(services, cache)];
}

function publicRoutes(services: ApiServices): AppRouter {
  const cache = storefrontCache(services);
  const shops = shopStates(services, cache);
  const handlers = storefrontRoutes(services);

  const proxy = new Router<StorefrontAppState>({ prefix: '/storefront/proxy' });
  const secret = services.config.shopify.apiSecret;
  // Without Shopify credentials there is no app proxy to verify: nothing answers there.
  proxy.use(
    secret
      ? verifyAppProxy(secret)
      : () => {
          throw createHttpError(404, 'Not found');
        },
  );
  proxy.use(cache.staleIfError(), proxyShopContext(shops));
  for (const r of handlers) proxy.use(r.routes());

  const direct = new Router<StorefrontAppState>({ prefix: '/storefront/shops/:shop' });
  // Any site may read a shop's public reviews; no credentials are involved.
  direct.use(async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') ctx.set('Access-Control-Allow-Origin', '*');
    return next();
  });
  direct.use(cache.staleIfError(), directShopContext(shops, services.config.appUrl));
  for (const r of handlers) direct.use(r.routes());

  const router = new Router<StorefrontAppState>();
  router.use(unknownShopPage as never, proxy.routes(), direct.routes(), widgetAssetRoutes(services).routes() as never);
  return router as unknown as AppRouter;
}

export default defineApiPlugin({
  id: 'widgets',
  publicRoutes,
  routes: (services) => {
    const router = new Router<AppState>();
    for (const r of [settingsRoutes(services), googleReadinessRoutes(services)]) router.use(r.routes(), r.allowedMethods());
    return router;
  },
  fastLane: (services) => storefrontFastLane(services, shopStates(services, storefrontCache(services))),
  onStart: async (services) => {
    if (!services.capabilities.has(ReviewFeed))
      services.log.warn(`widgets: no plugin provides capability "${ReviewFeed.id}" (the reviews plugin); the storefront widgets show no reviews`);
    // the translations screen lists and checks the merchant's labels against the catalog's default texts
    services.capabilities.get(TranslationLabels)?.useCatalog(widgetsCatalog());
    // the disclosure page names the "Verified buyer" badge only when our widgets show it
    services.capabilities.get(ReviewDisclosure)?.useVerifiedBadge(async (shopId) => (await displayOf(services.settings, shopId)).general.showVerifiedBadge);
    // Display settings, review settings (and any other of the shop's settings) saved in this
    // process: drop the shop's storefront answers here and, through the channel, in the others.
    services.settings.onChange(
      ({ shopId }) =>
        void invalidateShop(services.knex, shopId).catch((err) =>
          services.log.warn({ err: (err as Error).message, shopId }, 'storefront cache: drop not announced'),
        ),
    );
    await storefrontCache(services).start();
    await ensureSnapshotSchedule(services);
  },
  onStop: (services) => storefrontCache(services).stop(),
});
