// The shop's public reviews page, relative to both storefront mounts (index.ts):
//   GET reviews?page=<n>&locale=<lang>   /apps/plaudit/reviews on the shop's own domain (app proxy),
//                                        <app>/storefront/shops/<shop>/reviews directly
// What the all-reviews widget lists (its `include`: every review, product or store reviews), newest
// first, numbered pages of its `perPage`, the summary of exactly what is listed, the store's
// reviews as Organization JSON-LD. Cached like every storefront answer (cache.ts). A page number
// that is not one is a 400, a page past the last a 404, an unknown shop a 404 page (index.ts):
// all in the shopper's language.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ApiServices } from '@plaudit/kernel';
import type { ReviewFeedQuery } from '@plaudit/contracts/reviews';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { withDisplayDefaults } from '../shared/display-settings';
import { reviewFeedOf } from '../shared/review-feed';
import { storeLinkOriginsOf } from '../shared/store-links';
import type { StorefrontCache } from './cache';
import { organizationJsonLd } from './json-ld';
import { REVIEWS_PAGE_PATH, reviewsPageUrl } from './reviews-page-path';
import { renderReviewsPage, reviewsErrorPage } from './reviews-page-html';
import { type StorefrontAppState, storefrontRead, type StorefrontState } from './shop-context';
import { shopperLanguage, textFor, widgetsCatalog } from './storefront-text';
import { toSummary } from './shopper-view';
import { widgetContext, WidgetData } from './widget-data';
import { viewOf } from './widget-routes';

/** Reviews passed over per query on the way to a deep page (each query reads this many rows). */
const SKIP_CHUNK = 500;
/** `?page=`: 1 to 99,999 written plainly (no sign, no leading zero, no decimals). */
const PAGE_NUMBER = /^[1-9]\d{0,4}$/;
/** The app proxy's default path on the shop's domain (shopify.app.toml `[app_proxy]`). */
const DEFAULT_PROXY = '/apps/plaudit';

const scopeOf = (include: 'all' | 'product' | 'store'): Pick<ReviewFeedQuery, 'productId' | 'kind'> =>
  include === 'store' ? { productId: null } : include === 'product' ? { kind: 'product' } : {};

/** The page on the shop's own storefront domain, whichever mount was asked: what search engines keep. */
function shopDomainUrl(s: StorefrontState, lang: string, page: number): string {
  const prefix = s.mount === 'proxy' ? s.endpoint : DEFAULT_PROXY;
  return reviewsPageUrl(`https://${s.shop.storeDomain}${prefix}`, lang, page);
}

export function reviewsPageRoutes(services: ApiServices, cache: StorefrontCache) {
  const feed = () => reviewFeedOf(services);
  const data = new WidgetData(
    reviewFeedOf(services),
    services.config.appUrl,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    storeLinkOriginsOf(services),
  );
  const disclosurePath = services.capabilities.get(ReviewDisclosure)?.path;
  const router = new Router<StorefrontAppState>();

  /** The cursor after the first `skip` reviews, undefined for none, null when there are fewer. */
  async function cursorAfter(tenant: StorefrontState['tenant'], scope: Pick<ReviewFeedQuery, 'productId' | 'kind'>, skip: number) {
    let after: string | undefined;
    for (let left = skip; left > 0; left -= SKIP_CHUNK) {
      const { nextCursor } = await feed().reviews(tenant, { ...scope, sort: 'newest', limit: Math.min(left, SKIP_CHUNK), after });
      if (!nextCursor) return null;
      after = nextCursor;
    }
    return after;
  }

  const page: Middleware<StorefrontAppState> = async (ctx) => {
    const s = ctx.state.storefront;
    const view = viewOf(ctx.state, disclosurePath);
    const wctx = widgetContext(view);
    const { t } = wctx.text;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Language', s.lang);
    const refuse = (status: number, message: string, back = true) => {
      ctx.status = status;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = reviewsErrorPage(
        { title: t('store.not_found_title'), message, ...(back ? { back: { href: reviewsPageUrl(s.endpoint, s.lang), label: t('store.first_page') } } : {}) },
        s.lang,
      );
    };
    const settings = s.display.allReviews;
    if (!settings.enabled) return refuse(404, t('store.off'), false);
    const raw = ctx.query.page;
    if (raw !== undefined && (typeof raw !== 'string' || !PAGE_NUMBER.test(raw))) return refuse(400, t('store.no_page'));
    const number = raw === undefined ? 1 : Number(raw);
    const scope = scopeOf(settings.include);
    const per = settings.perPage;

    const found = await storefrontRead(services, s, async (tenant) => {
      const [listed, store] = await Promise.all([
        feed().shopSummary(tenant, settings.include),
        // the Organization's own rating: its store reviews only, whatever else the page lists
        settings.include === 'product' || !s.reviewSettings.richSnippets ? null : feed().shopSummary(tenant, 'store'),
      ]);
      const pages = Math.max(1, Math.ceil(listed.count / per));
      if (number > pages) return null;
      const after = await cursorAfter(tenant, scope, (number - 1) * per);
      if (after === null) return null;
      const list = await data.list({ ...view, tenant }, { ...scope, sort: 'newest', after, limit: per });
      return { listed, store, pages, list };
    });
    if (!found) return refuse(404, t('store.no_page'));

    const anonymous = t('review.anonymous');
    const jsonLd = found.store
      ? organizationJsonLd({
          name: s.shop.name,
          url: `https://${s.shop.storeDomain}/`,
          summary: toSummary(found.store),
          reviews: found.list.items,
          general: s.display.general,
          anonymous,
        })
      : null;
    ctx.body = renderReviewsPage({
      ctx: wctx,
      summary: toSummary(found.listed),
      reviews: found.list.items,
      page: number,
      pages: found.pages,
      pageUrl: (n) => reviewsPageUrl(s.endpoint, s.lang, n),
      canonical: shopDomainUrl(s, s.lang, number),
      alternates: widgetsCatalog()
        .languages()
        .map((lang) => ({ lang, href: shopDomainUrl(s, lang, number) })),
      jsonLd,
    });
  };

  // A page, not data: its own style is inline (the data routes' CSP allows nothing).
  const pageHeaders: Middleware<StorefrontAppState> = (ctx, next) => {
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; media-src https: http:; base-uri 'none'; form-action 'none'",
    );
    return next();
  };
  router.get(`/${REVIEWS_PAGE_PATH}`, pageHeaders, cache.cached(), page);
  return router;
}

/**
 * In front of the storefront mounts: an unknown or uninstalled shop's reviews page (the shop
 * context's 404) becomes a page saying so in the asked language, not the data routes' JSON.
 */
export const unknownShopPage: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status !== 404 || ctx.method !== 'GET' || !/^\/storefront\/(proxy|shops\/[^/]+)\/reviews\/?$/.test(ctx.path)) throw err;
    const lang = shopperLanguage(ctx.query.locale, undefined);
    const { t } = textFor(withDisplayDefaults({}), lang, lang);
    ctx.status = 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Language', lang);
    ctx.body = reviewsErrorPage({ title: t('store.not_found_title'), message: t('store.no_shop') }, lang);
  }
};
