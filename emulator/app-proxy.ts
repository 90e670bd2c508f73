// The app proxy: the storefront's /apps/plaudit/* forwarded to `${appUrl}/storefront/proxy/*`
// with Shopify's added query (shop, logged_in_customer_id, path_prefix, timestamp) and signature.
// The app's status, content type and body come back to the shopper unchanged (cookies dropped).
import { createHmac } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { EmulatorContext } from './context';
import { errorPage } from './html';
import { DEMO_SHOP } from './seed';
import type { ShopRecord } from './types';

export const PROXY_PREFIX = '/apps/plaudit';
export const CUSTOMER_COOKIE = 'emulator_customer';
const TIMEOUT_MS = 10_000;

/**
 * HMAC-SHA256 hex over the params without `signature`: each `k=v` (repeated keys joined by commas,
 * values not URL-encoded), sorted, concatenated with no separator (SHOPIFY.md "App proxy").
 */
export function appProxySignature(params: Record<string, string | string[]>, secret: string): string {
  const message = Object.entries(params)
    .filter(([k]) => k !== 'signature')
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
    .sort()
    .join('');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The storefront customer signed in through /account/login, if they belong to this shop. */
export function loggedInCustomerId(ctx: Context, shop: ShopRecord): string {
  const [domain, id] = (ctx.cookies.get(CUSTOMER_COOKIE) ?? '').split(':');
  return domain === shop.domain && shop.customers.some((c) => c.id === id) ? id : '';
}

async function rawBody(ctx: Context): Promise<Buffer | undefined> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function appProxyRouter(em: EmulatorContext): Router {
  const router = new Router();

  async function forward(ctx: Context, shop: ShopRecord | undefined, rest: string) {
    if (!shop) return void (ctx.status = 404);
    const params: Record<string, string | string[]> = {};
    const query = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(ctx.querystring)) {
      if (['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature'].includes(k)) continue; // Shopify sets these
      query.append(k, v);
      params[k] = k in params ? [...[params[k]].flat(), v] : v;
    }
    const added = {
      shop: shop.domain,
      logged_in_customer_id: loggedInCustomerId(ctx, shop),
      path_prefix: PROXY_PREFIX,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    for (const [k, v] of Object.entries(added)) (params[k] = v), query.append(k, v);
    query.append('signature', appProxySignature(params, em.apiSecret));

    const headers: Record<string, string> = { 'X-Forwarded-For': ctx.ip || '127.0.0.1', 'X-Forwarded-Host': ctx.host };
    for (const h of ['content-type', 'accept', 'accept-language', 'user-agent', 'if-none-match']) if (ctx.get(h)) headers[h] = ctx.get(h);
    const target = `${em.appUrl}/storefront/proxy/${rest}?${query}`;
    let res: Response;
    try {
      const body = await rawBody(ctx);
      res = await fetch(target, {
        method: ctx.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      em.log.warn({ target, err: (err as Error).message }, 'store emulator: app proxy request failed');
      ctx.status = 502;
      ctx.type = 'html';
      ctx.body = errorPage('App proxy error', 'The app did not answer. Is it running?');
      return;
    }
    ctx.status = res.status;
    const type = res.headers.get('content-type');
    if (type) ctx.set('Content-Type', type);
    for (const h of ['location', 'cache-control', 'etag', 'vary']) {
      const v = res.headers.get(h);
      if (v) ctx.set(h, v);
    }
    if (res.status === 304) return; // revalidated: no body
    ctx.body = Buffer.from(await res.arrayBuffer());
  }

  const demo = () => em.store.shop(DEMO_SHOP);
  router.all(`${PROXY_PREFIX}`, (ctx) => forward(ctx, demo(), ''));
  router.all(`${PROXY_PREFIX}/{*rest}`, (ctx) => forward(ctx, demo(), ctx.params.rest ?? ''));
  router.all(`/shops/:shop${PROXY_PREFIX}`, (ctx) => forward(ctx, em.store.shop(ctx.params.shop), ''));
  router.all(`/shops/:shop${PROXY_PREFIX}/{*rest}`, (ctx) => forward(ctx, em.store.shop(ctx.params.shop), ctx.params.rest ?? ''));
  return router;
}

/** Whether a path goes through the proxy, also under a language's subfolder (its body must stay raw, unparsed). */
export function isProxyPath(path: string): boolean {
  return /^(?:\/shops\/[^/]+)?(?:\/[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)?\/apps\/plaudit(\/|$)/.test(path);
}
