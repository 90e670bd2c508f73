// GET /feeds/meta/<token>/reviews.csv | reviews.json: the shop's Meta product review feed. The token is
// the only credential (rotatable from the Syndication screen); a wrong one, or a shop that has not
// turned the feed on, is a 404 like any unknown URL.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppRouter } from '@plaudit/kernel';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { shopOfToken } from '../db/state';
import { feedReview, toCsv, toJson, type FeedReview, type FeedStore } from '../shared/meta-feed';
import { SETTINGS_DEFAULTS, SETTINGS_NAMESPACE, syndicationSettingsSchema } from '../shared/settings';

export const META_FEED_PATH = '/feeds/meta';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const PAGE = 200;

export const metaFeedUrl = (appUrl: string, token: string, format: 'csv' | 'json') => `${appUrl}${META_FEED_PATH}/${token}/reviews.${format}`;

/** Every published product review (demo reviews left out), newest first, as Meta takes them. */
export async function metaFeedReviews(services: ApiServices, shopId: number): Promise<{ store: FeedStore; reviews: FeedReview[] }> {
  const shop = await services.shops.get(shopId);
  if (!shop) throw createHttpError(404, 'Not found');
  const store: FeedStore = { name: shop.name, id: shop.domain, storeDomain: shop.publicDomain || shop.domain };
  const feed = services.capabilities.get(ReviewFeed);
  const reviews: FeedReview[] = [];
  const tenant = services.tenant(shop.id, shop.domain);
  for (let after: string | null = null; feed; ) {
    const page = await feed.reviews(tenant, { kind: 'product', excludeDemo: true, excludeCopies: true, sort: 'newest', limit: PAGE, after });
    for (const r of page.items) {
      const row = feedReview(r, store, services.config.appUrl);
      if (row) reviews.push(row);
    }
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  return { store, reviews };
}

export function metaFeedRoutes(services: ApiServices): AppRouter {
  const settings = services.settings.namespace(SETTINGS_NAMESPACE, syndicationSettingsSchema, SETTINGS_DEFAULTS);
  const router = new Router({ prefix: META_FEED_PATH });
  router.get('/:token/reviews.:format', async (ctx) => {
    const { token, format } = ctx.params;
    if (!TOKEN.test(token) || (format !== 'csv' && format !== 'json')) throw createHttpError(404, 'Not found');
    const shopId = await shopOfToken(services.knex, token);
    if (!shopId || !(await settings.get(shopId)).metaFeedEnabled) throw createHttpError(404, 'Not found');
    const { store, reviews } = await metaFeedReviews(services, shopId);
    ctx.set('Cache-Control', 'private, max-age=300');
    if (format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = toCsv(store, reviews);
    } else {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = toJson(store, reviews);
    }
  });
  return router as unknown as AppRouter;
}
