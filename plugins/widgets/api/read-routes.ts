// The storefront's JSON: a product's reviews, rating summaries for many products, the shop's
// reviews (all-reviews page), testimonials, carousel and popup feeds, and a signed-in shopper's own
// reviews. Mounted under both /storefront/proxy and /storefront/shops/:shop (index.ts); every
// answer but the shopper's own comes from the in-process cache while nothing changed.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import createHttpError from 'http-errors';
import { z } from 'zod';
import type { ApiServices } from '@plaudit/kernel';
import { FEED_SORTS } from '../shared/display-settings';
import type { ReviewFeedPage, ReviewFeedQuery } from '@plaudit/contracts/reviews';
import { reviewFeedOf } from '../shared/review-feed';
import { PRIVATE_CACHE_CONTROL, type StorefrontCache } from './cache';
import { type StorefrontAppState, storefrontRead } from './shop-context';
import { forShoppers, productGid, toSummary } from './shopper-view';

const invalid = 'The value is invalid';
/** Shopify product ids as themes write them (digits) or as the Admin API does (gids). */
const productId = z
  .string()
  .trim()
  .regex(/^(\d{1,20}|gid:\/\/shopify\/Product\/\d{1,20})$/, invalid);
const values = (v: unknown) =>
  v === undefined || v === ''
    ? undefined
    : [v]
        .flat()
        .flatMap((x) => String(x).split(','))
        .filter((x) => x !== '');
const list = <T extends z.ZodType>(item: T, max: number) => z.preprocess(values, z.array(item).max(max, `at most ${max} values`).optional());
const requiredList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => values(v) ?? [], z.array(item).min(1, 'This field is required').max(max, `at most ${max} values`));
const stars = list(z.coerce.number().int().min(1).max(5), 5);
const limit = z.coerce.number().int().min(1).max(50).default(10);
const sort = z.enum(FEED_SORTS).optional();
const after = z.string().max(512).optional();

const productReviewsQuery = z.object({ sort, stars, after, limit, media: z.enum(['true', 'false']).optional() });
const shopReviewsQuery = z.object({ sort, stars, after, limit, include: z.enum(['all', 'product', 'store']).optional() });
const summariesQuery = z.object({ product_ids: requiredList(productId, 100) });
const pageQuery = z.object({ after, limit });

/**
 * JSON and XML are data, never a page: of the kernel's page headers they keep what protects data
 * (nosniff, HSTS, CORP) and a CSP that allows nothing (OWASP's set for APIs). The rest (a page's
 * CSP, COOP, referrer policy, legacy X- headers) would be a kilobyte on every storefront read.
 */
const PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
export const dataHeaders: Middleware<StorefrontAppState> = (ctx, next) => {
  for (const h of PAGE_ONLY_HEADERS) ctx.remove(h);
  ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  return next();
};

/** Stars from minRating up: the carousel's and the popup's "4 stars and more". */
const atLeast = (min: number) => [1, 2, 3, 4, 5].filter((n) => n >= min);

export function readRoutes(services: ApiServices, cache: StorefrontCache) {
  const { config } = services;
  const router = new Router<StorefrontAppState>();
  router.use(dataHeaders);
  const feed = () => reviewFeedOf(services);

  async function page(state: StorefrontAppState, q: ReviewFeedQuery) {
    const result: ReviewFeedPage = q.customer
      ? await feed().reviews(state.tenant, q)
      : await storefrontRead(services, state.storefront, (tenant) => feed().reviews(tenant, q));
    return {
      data: result.items.map((r) => forShoppers(r, state.display, config.appUrl)),
      pageInfo: { nextCursor: result.nextCursor, hasNext: result.nextCursor !== null },
    };
  }

  router.get('/api/products/:productId/reviews', cache.cached(), async (ctx) => {
    const id = productId.safeParse(ctx.params.productId);
    if (!id.success) throw createHttpError(400, 'Validation failed', { errors: { productId: invalid } });
    const q = productReviewsQuery.parse(ctx.query);
    const s = ctx.state.storefront;
    ctx.body = await page(ctx.state, {
      productId: productGid(id.data),
      sort: q.sort ?? s.display.reviewBox.sort,
      stars: q.stars,
      withMedia: q.media === 'true' || undefined,
      after: q.after,
      limit: q.limit,
    });
  });

  router.get('/api/summaries', cache.cached(), async (ctx) => {
    const { product_ids: ids } = summariesQuery.parse(ctx.query);
    const found = await storefrontRead(services, ctx.state.storefront, (tenant) => feed().summaries(tenant, ids.map(productGid)));
    ctx.body = {
      data: Object.fromEntries(ids.map((id) => [id, toSummary(found[productGid(id)])])),
    };
  });

  router.get('/api/reviews', cache.cached(), async (ctx) => {
    const q = shopReviewsQuery.parse(ctx.query);
    const settings = ctx.state.display.allReviews;
    const include = q.include ?? settings.include;
    ctx.body = await page(ctx.state, {
      sort: q.sort ?? settings.sort,
      stars: q.stars,
      after: q.after,
      limit: q.limit,
      ...(include === 'store' ? { productId: null } : include === 'product' ? { kind: 'product' as const } : {}),
    });
  });

  router.get('/api/testimonials', cache.cached(), async (ctx) => {
    const t = ctx.state.display.testimonial;
    const products = t.selectedProducts.length ? { productIds: t.selectedProducts.map(productGid) } : {};
    const q: ReviewFeedQuery =
      t.source === 'selected'
        ? { ids: t.selectedReviews.length ? t.selectedReviews : [0], sort: 'featured', limit: 50 }
        : t.source === 'recent'
          ? { ...products, sort: 'newest', limit: t.maxRecentReviews }
          : { ...products, testimonial: true, sort: 'featured', limit: 50 };
    ctx.body = { data: (await page(ctx.state, q)).data };
  });

  router.get('/api/carousel', cache.cached(), async (ctx) => {
    const c = ctx.state.display.carousel;
    const q: ReviewFeedQuery = {
      stars: atLeast(c.minRating),
      limit: c.maxReviews,
      sort: c.source === 'recent' ? 'newest' : c.source === 'media' ? 'newest' : 'featured',
      withMedia: c.source === 'media' || undefined,
    };
    ctx.body = { data: (await page(ctx.state, q)).data };
  });

  router.get('/api/popup', cache.cached(), async (ctx) => {
    const p = ctx.state.display.popup;
    ctx.body = { data: (await page(ctx.state, { kind: 'product', stars: atLeast(p.minRating), limit: p.maxReviews, sort: 'newest' })).data };
  });

  // The signed-in shopper's own reviews: only Shopify's signature says who that is, so proxy only,
  // and never kept in a shared cache.
  router.get('/api/customer/reviews', async (ctx) => {
    const s = ctx.state.storefront;
    if (s.mount !== 'proxy') throw createHttpError(404, 'Not found');
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    if (!s.customerId) throw createHttpError(401, 'Log in to see your reviews', { code: 'NOT_LOGGED_IN' });
    const q = pageQuery.parse(ctx.query);
    ctx.body = await page(ctx.state, { customer: { id: s.customerId }, sort: 'newest', after: q.after, limit: q.limit });
  });

  return router;
}
