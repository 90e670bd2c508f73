// The Q&A block on the storefront, through Shopify's app proxy (/apps/plaudit/* ->
// /storefront/proxy/*, the signature verified on every request):
//   GET  questions/block?product_id=&locale=&q=&after=&fragment=list   the block's HTML (fragment: the list only)
//   POST questions?locale=     ask: JSON -> 201 { success, data: { id, status } }; a form post -> a small page
//   POST questions/helpful     { target: 'q:<id>' | 'a:<id>' } -> { success, data: { helpfulCount } }
//   GET  questions/script.js   the block's script
// Refusals are worded in the shopper's language (?locale=, else the shop's, else English).
import crypto from 'node:crypto';
import Router from '@koa/router';
import createHttpError, { isHttpError } from 'http-errors';
import type { Middleware } from 'koa';
import {
  type ApiServices,
  type AppContext,
  type AppProxyContext,
  type AppRouter,
  type AppState,
  hitAll,
  RateLimit,
  shopperAddress,
  type ShopView,
  verifyAppProxy,
} from '@plaudit/kernel';
import { publishedQuestions, voteHelpful } from '../db/storefront';
import { INVALID, INVALID_EMAIL, REQUIRED } from '../shared/question';
import { NOT_AVAILABLE, questionAsker, RATE_LIMITED, TRY_AGAIN } from './ask';
import { renderBlock, renderList, resultPage } from '../storefront/block-html';
import { productGid } from './product';
import { blockScript } from './script';
import { languageFor, shopperText } from '../storefront/text';
import { readForm } from './form-body';

type ProxyState = AppState & { proxy: AppProxyContext };

const MESSAGE_KEYS: Record<string, string> = {
  [REQUIRED]: 'errors.required',
  [INVALID]: 'errors.invalid',
  [INVALID_EMAIL]: 'errors.invalid_email',
  [RATE_LIMITED]: 'errors.rate_limited',
  [NOT_AVAILABLE]: 'errors.not_available',
  [TRY_AGAIN]: 'errors.try_again',
};

/** A refusal's message and field messages in the shopper's language. */
function inLanguage(err: unknown, lang: string): unknown {
  if (!isHttpError(err)) return err;
  const t = shopperText(lang);
  const say = (m: string) => (MESSAGE_KEYS[m] ? t(MESSAGE_KEYS[m]) : m);
  err.message = say(err.message);
  if (err.errors && typeof err.errors === 'object')
    err.errors = Object.fromEntries(Object.entries(err.errors as Record<string, string>).map(([f, m]) => [f, say(m)]));
  return err;
}

/** The app proxy's path on the storefront, as Shopify names it; our own default otherwise. */
const proxyPrefix = (ctx: AppContext) => {
  const p = ctx.query.path_prefix;
  return typeof p === 'string' && /^\/[A-Za-z0-9/_-]{1,100}$/.test(p) ? p.replace(/\/+$/, '') : '/apps/plaudit';
};

export function storefrontRoutes(services: ApiServices): AppRouter {
  const router = new Router<ProxyState>({ prefix: '/storefront/proxy/questions' });
  const secret = services.config.shopify.apiSecret;
  // Without Shopify credentials there is no app proxy to verify: nothing answers there.
  router.use(
    secret
      ? (verifyAppProxy(secret) as unknown as Middleware<ProxyState>)
      : () => {
          throw createHttpError(404, 'Not found');
        },
  );
  const ask = questionAsker(services);
  const votes = new RateLimit(services.knex, 'questions-votes', { points: 30, perSeconds: 600 });
  const voterKey = (shopId: number, ip: string) =>
    crypto
      .createHmac('sha256', secret ?? 'plaudit')
      .update(`${shopId}|${ip}`)
      .digest('hex')
      .slice(0, 40);

  async function shopOf(ctx: AppContext): Promise<{ shop: ShopView; lang: string }> {
    const shop = await services.shops.byDomain((ctx.state as ProxyState).proxy.shopDomain);
    const lang = languageFor(ctx.query.locale, shop?.locale);
    if (!shop) throw inLanguage(createHttpError(404, 'Shop not found'), lang);
    return { shop, lang };
  }

  router.get('/block', async (ctx) => {
    const { shop, lang } = await shopOf(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    const productId = productGid(ctx.query.product_id);
    // Off, below the plan, or about no product: an empty answer, and the theme's placeholder collapses.
    if (!productId || !shop.appEnabled || !services.shops.allows(shop, 'questions')) {
      ctx.body = '';
      return;
    }
    const q = typeof ctx.query.q === 'string' ? ctx.query.q.trim().slice(0, 200) : '';
    const after = typeof ctx.query.after === 'string' ? ctx.query.after : undefined;
    const page = await publishedQuestions(services.tenant(shop.id, shop.domain), productId, { q, after });
    const proxy = proxyPrefix(ctx);
    const view = { lang, t: shopperText(lang), proxy, productId: productId.split('/').pop()!, shopName: shop.name, q, ...page };
    ctx.body =
      ctx.query.fragment === 'list'
        ? renderList(view)
        : renderBlock({ ...view, scriptSrc: ctx.query.scripts === '0' ? undefined : `${proxy}/questions/script.js` });
  });

  router.post('/', async (ctx) => {
    const { shop, lang } = await shopOf(ctx);
    ctx.set('Cache-Control', 'no-store');
    const form = !ctx.is('application/json');
    const fields = form ? await readForm(ctx) : (((ctx.request as { body?: unknown }).body as Record<string, unknown> | undefined) ?? {});
    const customerId = (ctx.state as ProxyState).proxy.loggedInCustomerId;
    try {
      const data = await ask({ shop, customerId, ip: shopperAddress(ctx), lang }, fields);
      ctx.status = 201;
      if (!form) ctx.body = { success: true, data };
      else ctx.body = resultPage(lang, shopperText(lang)('form.title'), shopperText(lang)('form.thanks'), ctx.get('referer') || '/');
    } catch (err) {
      const refusal = inLanguage(err, lang);
      if (!form || !isHttpError(refusal)) throw refusal;
      // without script: the refusal as a page (the fields' messages joined), with the same status
      ctx.status = refusal.status;
      ctx.type = 'text/html; charset=utf-8';
      const detail = refusal.errors ? Object.values(refusal.errors as Record<string, string>).join(' · ') : refusal.message;
      ctx.body = resultPage(lang, shopperText(lang)('form.failed'), detail, ctx.get('referer') || '/');
    }
  });

  router.post('/helpful', async (ctx) => {
    const { shop, lang } = await shopOf(ctx);
    ctx.set('Cache-Control', 'no-store');
    const target = String(((ctx.request as { body?: { target?: unknown } }).body ?? {}).target ?? '');
    const m = /^([qa]):(\d{1,15})$/.exec(target);
    if (!m) throw inLanguage(createHttpError(400, 'Validation failed', { errors: { target: INVALID } }), lang);
    const ip = shopperAddress(ctx);
    const wait = await hitAll([[votes, `${shop.id}:${ip}`]]);
    if (wait) throw createHttpError(429, 'Too many votes. Please try again in a few minutes.', { headers: { 'Retry-After': String(wait) } });
    const count = await voteHelpful(services.knex, services.tenant(shop.id, shop.domain), m[1] as 'q' | 'a', Number(m[2]), voterKey(shop.id, ip));
    if (count === undefined) throw createHttpError(404, 'Not found');
    ctx.body = { success: true, data: { helpfulCount: count } };
  });

  router.get('/script.js', async (ctx) => {
    const script = await blockScript();
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('ETag', `"${script.hash}"`);
    ctx.type = 'application/javascript; charset=utf-8';
    if (ctx.get('If-None-Match') === `"${script.hash}"`) ctx.status = 304;
    else ctx.body = script.code;
  });

  return router as unknown as AppRouter;
}
