// The storefront submit form's endpoint (the submit-form widget posts here):
//   POST /storefront/proxy/reviews            through Shopify's app proxy: signed, may name a logged-in customer
//   POST /storefront/reviews?shop=<domain>    direct from the shop's storefront origin: guests only, open CORS
// Answers 201 { success, data: { id, status } }; status 'published' or 'pending' (awaiting moderation).
// Refusals are in the shopper's language when the form names it (?locale=, storefront-language.ts).
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import { type ApiServices, type AppContext, type AppProxyContext, type AppState, SHOP_DOMAIN, shopperAddress, verifyAppProxy } from '@plaudit/kernel';
import { reviewSubmitter } from './guest-submit';
import { inShopperLanguage } from './storefront-language';

/** Any storefront origin may post; no cookies or credentials are involved. */
const openCors: Middleware<AppState> = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.remove('Access-Control-Allow-Credentials');
  await next();
};

export function storefrontRoutes(services: ApiServices) {
  const submit = reviewSubmitter(services);
  const router = new Router<AppState>();

  async function answer(ctx: AppContext, shopDomain: string, customerId: string | null, ip: string) {
    try {
      ctx.body = { success: true, data: await submit(ctx, shopDomain, customerId, ip) };
    } catch (err) {
      throw inShopperLanguage(err, ctx.query.locale, services);
    }
    ctx.status = 201;
  }

  const secret = services.config.shopify.apiSecret;
  if (secret) {
    router.post('/storefront/proxy/reviews', verifyAppProxy(secret) as unknown as Middleware<AppState>, async (ctx) => {
      const { proxy } = ctx.state as AppState & { proxy: AppProxyContext };
      // Shopify calls us for the shopper and passes their address on; the request itself is signed.
      await answer(ctx, proxy.shopDomain, proxy.loggedInCustomerId, shopperAddress(ctx));
    });
  }

  router.options('/storefront/reviews', openCors, (ctx) => {
    ctx.status = 204;
  });
  router.post('/storefront/reviews', openCors, async (ctx) => {
    const shop = typeof ctx.query.shop === 'string' ? ctx.query.shop : '';
    if (!SHOP_DOMAIN.test(shop)) throw createHttpError(400, 'Validation failed', { errors: { shop: 'Invalid domain' } });
    await answer(ctx, shop, null, ctx.ip);
  });

  return router;
}
