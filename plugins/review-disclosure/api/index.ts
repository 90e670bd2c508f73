// The disclosure page on the storefront, server-rendered, no script, indexable:
//   GET /storefront/proxy/how-reviews-are-collected?locale=        through Shopify's app proxy
//       (the shop's own domain: /apps/plaudit/how-reviews-are-collected; signature verified)
//   GET /storefront/shops/<shop>/how-reviews-are-collected?locale= directly (the widgets' direct mount)
// In the shopper's language (?locale=, else the shop's primary locale, else English). An unknown or
// uninstalled shop is a 404 page saying so. Rate-limited per client address.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import {
  type ApiServices,
  type AppContext,
  type AppProxyContext,
  type AppRouter,
  type AppState,
  CUSTOMER_LANGUAGES,
  countedAddress,
  defineApiPlugin,
  messagePage,
  RateLimit,
  SHOP_DOMAIN,
  tooManyAttempts,
  verifyAppProxy,
} from '@plaudit/kernel';
import { PAGE_PATH } from '../shared/page-path';
import { disclosureFacts } from './facts';
import { renderPage } from './page';

type PageState = AppState & { proxy?: AppProxyContext };

/** A reader may open it often; a crawler walking every shop's page is slowed down. */
const PER_ADDRESS = { points: 120, perSeconds: 60 };

/** The app proxy's path on the storefront as Shopify names it, else our default. */
const proxyPrefix = (ctx: AppContext) => {
  const p = ctx.query.path_prefix;
  return typeof p === 'string' && /^\/apps\/[\w-]{1,64}$/.test(p) ? p : '/apps/plaudit';
};

function publicRoutes(services: ApiServices): AppRouter {
  const limit = new RateLimit(services.knex, 'review-disclosure', PER_ADDRESS);

  /** base: the page's address without `?locale=`; canonical: the address search engines should keep. */
  async function answer(ctx: AppContext, domain: string, base: string, canonical: (lang: string) => string | undefined) {
    const address = countedAddress(ctx.ip, services.config.env);
    const wait = address ? await limit.hit(address) : 0;
    if (wait) throw tooManyAttempts(wait, 'Too many requests. Please try again in a minute.');
    const shop = SHOP_DOMAIN.test(domain) ? await services.shops.byDomain(domain) : undefined;
    const lang = services.i18n.language(typeof ctx.query.locale === 'string' ? ctx.query.locale : undefined, shop?.locale);
    const t = services.i18n.forLanguage(lang);
    ctx.type = 'text/html; charset=utf-8';
    if (!shop || shop.uninstalled) {
      ctx.status = 404;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = messagePage(t('review-disclosure:page.not_found_title'), t('review-disclosure:page.not_found'), lang);
      return;
    }
    const facts = await disclosureFacts(services, services.tenant(shop.id, shop.domain));
    // a settings change shows within a minute even behind a CDN
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.set('Content-Language', lang);
    ctx.body = renderPage({
      lang,
      t,
      shopName: shop.name,
      facts,
      canonical: canonical(lang),
      alternates: CUSTOMER_LANGUAGES.map((l) => ({ lang: l, href: `${base}?locale=${l}` })),
    });
  }

  const proxy = new Router<PageState>({ prefix: '/storefront/proxy' });
  const secret = services.config.shopify.apiSecret;
  // Without Shopify credentials there is no app proxy to verify: nothing answers there.
  const verified: Middleware<PageState> = secret
    ? (verifyAppProxy(secret) as unknown as Middleware<PageState>)
    : () => {
        throw createHttpError(404, 'Not found');
      };
  proxy.get(`/${PAGE_PATH}`, verified, async (ctx) => {
    const domain = ctx.state.proxy!.shopDomain;
    const shop = await services.shops.byDomain(domain);
    // the shop's own storefront address: the page belongs to the shop's site for search engines
    const base = `https://${shop?.publicDomain || domain}${proxyPrefix(ctx)}/${PAGE_PATH}`;
    await answer(ctx, domain, base, (lang) => `${base}?locale=${lang}`);
  });

  const direct = new Router<PageState>({ prefix: '/storefront/shops/:shop' });
  direct.get(`/${PAGE_PATH}`, async (ctx) => {
    const domain = String(ctx.params.shop ?? '').toLowerCase();
    const base = `${services.config.appUrl}/storefront/shops/${domain}/${PAGE_PATH}`;
    await answer(ctx, domain, base, () => undefined);
  });

  const router = new Router<PageState>();
  router.use(proxy.routes(), direct.routes());
  return router as unknown as AppRouter;
}

export default defineApiPlugin({ id: 'review-disclosure', publicRoutes });
