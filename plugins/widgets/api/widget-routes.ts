// The server-rendered widgets, relative to both storefront mounts (index.ts):
//   GET  widgets/<block>?product_id=&product_ids=&stars=&sort=&after=&fragment=list&scripts=0
//        the block's HTML (wrapper, CSS, markup, JSON-LD, <script defer>); fragment=list: only the
//        next page's reviews for "load more"; scripts=0: without script tags (the theme loads them)
//   POST widgets/submit   the review form without script: passed on to the submit endpoint, answered
//        with a page (thank-you, moderation, or the errors) instead of JSON
// and, outside the mounts, the scripts themselves: GET /storefront/assets/<name>.<hash>.js.
import crypto from 'node:crypto';
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import { type ApiServices, appProxySignature, type AppRouter, shopperAddress } from '@plaudit/kernel';
import { widgetScripts, type ScriptName } from '../storefront/build';
import { PRIVATE_CACHE_CONTROL, storefrontCache } from './cache';
import { BLOCKS, type BlockData, renderReviewItems, renderWidget, type Block } from './render';
import { type StorefrontAppState, storefrontRead } from './shop-context';
import { submitResultPage } from './submit-page';
import { reviewFeedOf } from '../shared/review-feed';
import { reviewTranslationsOf } from '../shared/review-translations';
import { reviewQuestionsOf } from '../shared/review-questions';
import { reviewInsightsOf } from '../shared/review-insights';
import { productGroupsOf } from '../shared/product-groups';
import { storeLinkOriginsOf } from '../shared/store-links';
import { reviewBoxItemOptions } from '../shared/components/ReviewBox';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { ReviewDisclosure } from '@plaudit/contracts/review-disclosure';
import { shopperLanguage } from './storefront-text';
import { reviewBoxJsonLd, widgetContext, WidgetData, widgetQuery, type ShopView } from './widget-data';

/** The largest form the fallback passes on: 5 photos of 5 MB and the text fields. */
const MAX_FORM_BYTES = 27 * 1024 * 1024;

const isBlock = (b: string): b is Block => (BLOCKS as readonly string[]).includes(b);

/** `disclosurePath`: the ReviewDisclosure page's path under the endpoint, when that plugin is there. */
export function viewOf(state: StorefrontAppState, disclosurePath?: string): ShopView {
  const s = state.storefront;
  return {
    tenant: s.tenant,
    shopName: s.shop.name,
    display: s.display,
    reviewSettings: s.reviewSettings,
    endpoint: s.endpoint,
    customerId: s.customerId,
    lang: s.lang,
    primaryLang: shopperLanguage(undefined, s.shop.locale),
    labels: s.labels[s.lang],
    translation: s.translation,
    ...(s.video ? { video: { ...s.video, ticketUrl: `${s.video.ticketUrl}?shop=${s.shop.domain}` } } : {}),
    ...(disclosurePath ? { disclosureUrl: `${s.endpoint}/${disclosurePath}?locale=${encodeURIComponent(s.lang)}` } : {}),
  };
}

export function widgetRoutes(services: ApiServices) {
  const { config } = services;
  const cache = storefrontCache(services);
  const disclosurePath = services.capabilities.get(ReviewDisclosure)?.path;
  // built by the first request that shows them, once per process: a process that never serves a
  // widget (most test files' APIs) never runs esbuild and the compressors (about 0.2 s of CPU)
  const scripts = () =>
    widgetScripts().catch((err) => {
      services.log.error({ err }, 'widget scripts did not build');
      throw err;
    });
  const data = new WidgetData(
    reviewFeedOf(services),
    config.appUrl,
    {
      platform: services.platform,
      links: services.capabilities.get(ReviewWrite),
      warn: (msg, err) => services.log.warn({ err: (err as Error).message }, msg),
    },
    reviewTranslationsOf(services),
    reviewQuestionsOf(services),
    reviewInsightsOf(services),
    productGroupsOf(services),
    storeLinkOriginsOf(services),
  );
  const router = new Router<StorefrontAppState>();

  // Everything but the shopper's own reviews is the same for every shopper: cached and revalidated.
  const cached = cache.cached();
  const cachePolicy: Middleware<StorefrontAppState> = (ctx, next) => {
    if ((ctx as unknown as { params: { block: string } }).params.block !== 'customer-portal') return cached(ctx, next);
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return next();
  };

  router.get('/widgets/:block', cachePolicy, async (ctx) => {
    const block = ctx.params.block;
    if (!isBlock(block)) throw createHttpError(404, 'Not found');
    const s = ctx.state.storefront;
    if (block === 'customer-portal' && s.mount !== 'proxy') throw createHttpError(404, 'Not found');
    const q = widgetQuery.parse(ctx.query);
    const view = viewOf(ctx.state, disclosurePath);
    const wctx = widgetContext(view);
    // the portal lists the shopper's own reviews: from the primary, like their writes
    const read = <T>(fn: (v: typeof view) => Promise<T>) =>
      block === 'customer-portal' ? fn(view) : storefrontRead(services, s, (tenant) => fn({ ...view, tenant }));
    ctx.type = 'text/html; charset=utf-8';
    if (q.fragment === 'list') {
      if (block !== 'review-box' && block !== 'all-reviews') throw createHttpError(400, 'Validation failed', { errors: { fragment: 'The value is invalid' } });
      const d = await read((v) => data.load(block, v, q));
      const options = block === 'review-box' ? reviewBoxItemOptions(wctx, d as BlockData['review-box']) : { showProduct: true };
      ctx.body = renderReviewItems(wctx, d.page.items, d.page.nextCursor, options);
      return;
    }
    const d = await read((v) => data.load(block, v, q));
    const built = ctx.query.scripts === '0' ? undefined : await scripts();
    let jsonLd: Record<string, unknown> | null = null;
    if (block === 'review-box' && !q.stars?.length && !q.after && !q.answer && !q.topic) {
      const rb = d as Awaited<ReturnType<WidgetData['reviewBox']>>;
      const url = rb.product.handle ? `https://${s.shop.storeDomain}/products/${encodeURIComponent(rb.product.handle)}` : null;
      jsonLd = reviewBoxJsonLd(view, rb, url);
    }
    ctx.body = renderWidget(block, wctx, d as never, {
      jsonLd,
      scriptSrc: built
        ? (name) => {
            const file = built.get(name as ScriptName)?.file;
            return file ? `${config.appUrl}/storefront/assets/${file}` : undefined;
          }
        : undefined,
    });
  });

  router.post('/widgets/submit', async (ctx) => {
    const s = ctx.state.storefront;
    ctx.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    const length = Number(ctx.get('content-length') || 0);
    if (length > MAX_FORM_BYTES) throw createHttpError(413, 'The form is too large');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > MAX_FORM_BYTES) throw createHttpError(413, 'The form is too large');
      chunks.push(chunk as Buffer);
    }
    // To the submit endpoint of this same server (the socket this request came in on), signed like
    // Shopify's app proxy so it keeps the shop, the signed-in shopper and the shopper's address.
    const sock = ctx.req.socket;
    const host = sock.localAddress?.includes(':') ? `[${sock.localAddress}]` : (sock.localAddress ?? '127.0.0.1');
    // never the leftmost X-Forwarded-For entry: the shopper writes that one (rate limits key on it)
    const shopperIp = s.mount === 'proxy' ? shopperAddress(ctx) : ctx.ip;
    let target: string;
    const secret = config.shopify.apiSecret;
    if (secret) {
      const params: Record<string, string> = {
        shop: s.shop.domain,
        logged_in_customer_id: s.customerId ?? '',
        path_prefix: s.mount === 'proxy' ? s.endpoint : '/apps/plaudit',
        timestamp: String(Math.floor(Date.now() / 1000)),
        locale: s.lang,
      };
      target = `/storefront/proxy/reviews?${new URLSearchParams({ ...params, signature: appProxySignature(params, secret) })}`;
    } else target = `/storefront/reviews?${new URLSearchParams({ shop: s.shop.domain, locale: s.lang })}`;
    let status = 502;
    let body: { data?: { status?: string }; errors?: Record<string, string>; message?: string } = {};
    try {
      const res = await fetch(`http://${host}:${sock.localPort}${target}`, {
        method: 'POST',
        headers: {
          'content-type': ctx.get('content-type'),
          accept: 'application/json',
          'x-forwarded-for': shopperIp,
          'x-request-id': ctx.state.requestId ?? crypto.randomUUID(),
        },
        body: new Uint8Array(Buffer.concat(chunks)),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      body = await res.json().catch(() => ({}));
    } catch (err) {
      ctx.state.log.warn({ err: (err as Error).message }, 'review form fallback: the submit endpoint did not answer');
    }
    const back = typeof ctx.query.return_to === 'string' && /^\/(?!\/)[^\s\\]{0,500}$/.test(ctx.query.return_to) ? ctx.query.return_to : '/';
    ctx.status = status === 201 ? 200 : status >= 500 ? 502 : status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = submitResultPage({
      settings: s.display,
      text: widgetContext(viewOf(ctx.state, disclosurePath)).text,
      shopName: s.shop.name,
      status,
      body,
      back,
    });
  });

  return router;
}

/** GET /storefront/assets/<name>.<hash>.js: the built scripts, compressed, cached for a year. */
export function widgetAssetRoutes(services: ApiServices): AppRouter {
  const router = new Router({ prefix: '/storefront/assets' });
  router.get('/:file', async (ctx) => {
    const m = /^([a-z-]{1,32})\.([0-9a-f]{12})\.js$/.exec(ctx.params.file);
    const built = m ? (await widgetScripts()).get(m[1] as ScriptName) : undefined;
    if (!m || !built) throw createHttpError(404, 'Not found');
    // An older hash (a page rendered before a deploy) gets today's script, but only briefly cached.
    ctx.set('Cache-Control', built.hash === m[2] ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
    // Storefronts on other origins load these (helmet's default would refuse them).
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('ETag', `"${built.hash}"`);
    if (ctx.get('If-None-Match') === `"${built.hash}"`) {
      ctx.status = 304;
      return;
    }
    const accepts = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (accepts === 'br') {
      ctx.set('Content-Encoding', 'br');
      ctx.body = built.br;
    } else if (accepts === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = built.gzip;
    } else ctx.body = built.code;
  });
  services.log.debug('widget asset routes mounted');
  return router as unknown as AppRouter;
}
