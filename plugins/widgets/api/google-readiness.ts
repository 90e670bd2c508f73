// GET /api/google-feed/readiness: what Merchant Center will find in the shop's Google feed (issue 34,
// deliverable 2's readiness panel): the feed's address on the shop's own domain (the app proxy),
// how many reviews it carries against the program's minimum of 50, and which reviewed products
// Google can match only weakly because the store gives them no GTIN (most reviewed first); and, for
// a shop that sells in several languages, the address of each language's feed (google-feed-language.ts).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { ApiServices, AppState, Logger, Tenant } from '@plaudit/kernel';
import { reviewFeedOf } from '../shared/review-feed';
import { FEED_MAX_REVIEWS, present } from './google-feed';
import { cachedProductIds } from './google-product-ids';

/** Google's Product Ratings program takes a shop's feed once it carries at least this many reviews. */
export const GOOGLE_MINIMUM_REVIEWS = 50;
/** Reviewed products whose identifiers are read from the catalogue (5 queries at most). */
const PRODUCTS_CHECKED = 350;
const PAGE = 500;

interface ReviewedProduct {
  productId: string;
  title: string | null;
  reviews: number;
}

/** The feed's reviews (text, a product) counted per product, as the feed reads them. */
async function reviewedProducts(services: ApiServices, tenant: Tenant): Promise<ReviewedProduct[]> {
  const feed = reviewFeedOf(services);
  const products = new Map<string, ReviewedProduct>();
  let after: string | null = null;
  for (let read = 0; read < FEED_MAX_REVIEWS; ) {
    const page = await feed.reviews(tenant, { kind: 'product', sort: 'newest', excludeDemo: true, excludeCopies: true, limit: PAGE, after });
    for (const r of page.items) {
      if (!r.productId || !(present(r.content) || present(r.title))) continue;
      const p = products.get(r.productId) ?? { productId: r.productId, title: r.productTitle ?? null, reviews: 0 };
      p.reviews++;
      products.set(r.productId, p);
    }
    read += page.items.length;
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  return [...products.values()].sort((a, b) => b.reviews - a.reviews);
}

const LANGUAGES = 'query FeedLanguages { shopLocales(published: true) { locale primary } }';

/** The shop's published languages, its primary first; none without a store connection or when the store cannot say. */
async function shopLanguages(services: ApiServices, shopDomain: string, log: Logger): Promise<string[]> {
  if (!services.platform) return [];
  try {
    const { shopLocales } = await services.platform.adminApi(shopDomain).graphql<{ shopLocales: { locale: string; primary: boolean }[] }>(LANGUAGES);
    return [...shopLocales].sort((a, b) => Number(b.primary) - Number(a.primary)).map((l) => l.locale);
  } catch (err) {
    log.warn({ err: (err as Error).message, shop: shopDomain }, 'google feed: shop languages unavailable');
    return [];
  }
}

export function googleReadinessRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/google-feed' });
  router.get('/readiness', async (ctx) => {
    const shop = await services.shops.get(ctx.state.auth.shopId);
    if (!shop) throw createHttpError(404, 'Shop not found');
    const products = await reviewedProducts(services, ctx.state.tenant);
    const checked = products.slice(0, PRODUCTS_CHECKED);
    const ids = await cachedProductIds(
      services,
      ctx.state.tenant,
      checked.map((p) => p.productId),
      ctx.state.log,
    );
    // without a store connection (no platform) nothing can be said of GTINs
    const known = services.platform ? checked.filter((p) => ids.has(p.productId)) : [];
    const reviews = products.reduce((n, p) => n + p.reviews, 0);
    const feedUrl = `https://${shop.publicDomain || shop.domain}/apps/plaudit/feeds/google-product-reviews.xml`;
    const languages = await shopLanguages(services, shop.domain, ctx.state.log);
    ctx.body = {
      feedUrl,
      // one feed per language when the shop sells in several (Merchant Center takes one language per feed)
      languageFeeds: languages.length > 1 ? languages.map((language) => ({ language, feedUrl: `${feedUrl}?language=${encodeURIComponent(language)}` })) : [],
      reviews,
      minimum: GOOGLE_MINIMUM_REVIEWS,
      enough: reviews >= GOOGLE_MINIMUM_REVIEWS,
      products: {
        reviewed: products.length,
        checked: known.length,
        notInStore: services.platform ? checked.length - known.length : 0,
        withoutGtin: known.filter((p) => !ids.get(p.productId)!.gtins.length),
      },
    };
  });
  return router;
}
