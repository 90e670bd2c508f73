// Storefront requests through Shopify's app proxy (/apps/plaudit/* -> /storefront/proxy/*) carry a
// signature over their query; only signed requests may speak for a shop or a logged-in customer.
import crypto from 'node:crypto';
import createHttpError from 'http-errors';
import type { Context, Middleware } from 'koa';
import type { AppState } from '../http/types';
import { SHOP_DOMAIN } from '../http/security';

const MAX_AGE_S = 90;

/** HMAC-SHA256 hex of the sorted `k=v` pairs (repeated keys joined by commas), with no separator. */
export function appProxySignature(query: Record<string, string | string[] | undefined>, secret: string): string {
  const message = Object.entries(query)
    .filter(([k, v]) => k !== 'signature' && v !== undefined)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
    .sort()
    .join('');
  return crypto.createHmac('sha256', secret).update(message).digest('hex');
}

export function isValidAppProxyRequest(query: Record<string, string | string[] | undefined>, secret: string, now = Date.now()): boolean {
  const given = typeof query.signature === 'string' ? query.signature : '';
  const expected = appProxySignature(query, secret);
  if (given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return false;
  const timestamp = Number(query.timestamp);
  return Number.isFinite(timestamp) && Math.abs(now / 1000 - timestamp) <= MAX_AGE_S;
}

export interface AppProxyContext {
  shopDomain: string;
  /** empty when the shopper is not logged in */
  loggedInCustomerId: string | null;
}

/** Guard for /storefront/proxy/* routes: 401 unless Shopify signed the request. Sets ctx.state.proxy. */
export function verifyAppProxy(secret: string): Middleware<AppState & { proxy: AppProxyContext }> {
  return async (ctx, next) => {
    const query = ctx.query as Record<string, string | string[] | undefined>;
    if (!isValidAppProxyRequest(query, secret)) throw createHttpError(401, 'Invalid app proxy signature', { code: 'INVALID_PROXY_SIGNATURE' });
    const shop = String(query.shop ?? '');
    if (!SHOP_DOMAIN.test(shop)) throw createHttpError(401, 'Invalid app proxy shop', { code: 'INVALID_PROXY_SIGNATURE' });
    ctx.state.proxy = { shopDomain: shop, loggedInCustomerId: query.logged_in_customer_id ? String(query.logged_in_customer_id) : null };
    return next();
  };
}

/**
 * The shopper's address on a signed app-proxy request: Shopify calls us and passes the shopper on in
 * X-Forwarded-For, as the entry just before our own trusted proxies (TRUSTED_PROXY_HOPS). Entries
 * further left are whatever the shopper sent and are never believed.
 */
export function shopperAddress(ctx: Pick<Context, 'app' | 'get' | 'ip'>): string {
  const ours = ctx.app.proxy ? ctx.app.maxIpsCount : 0;
  const chain = ctx
    .get('x-forwarded-for')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return chain[chain.length - 1 - ours] || ctx.ip;
}
