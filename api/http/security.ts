// Security headers, CSP and CORS. Embedded pages may be framed only by the shop's own admin and
// admin.shopify.com (Shopify's rule for embedded apps); every other page may not be framed.
import cors from '@koa/cors';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { AppState } from './types';

export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;

export function frameAncestors(path: string, shopParam: string | undefined, extra: string[]): string[] {
  if (!path.startsWith('/embed')) return ["'none'"];
  const shop = shopParam && SHOP_DOMAIN.test(shopParam) ? [`https://${shopParam}`] : [];
  return [...shop, 'https://admin.shopify.com', ...extra];
}

/**
 * `trustedOrigins`: the store emulator in development, standing in for Shopify: it may frame /embed,
 * serve the App Bridge script and answer its calls.
 */
export function securityHeaders(trustedOrigins: string[] = []): Middleware<AppState> {
  const extra = trustedOrigins.map((o) => new URL(o).origin);
  const base = helmet({ contentSecurityPolicy: false, frameguard: false, crossOriginEmbedderPolicy: false });
  return async (ctx, next) => {
    await base(ctx as never, async () => {});
    const shop = typeof ctx.query.shop === 'string' ? ctx.query.shop : undefined;
    ctx.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        ["script-src 'self' https://cdn.shopify.com", ...extra].join(' '),
        "style-src 'self' 'unsafe-inline'",
        ["img-src 'self' data: https:", ...extra].join(' '),
        "font-src 'self' data:",
        ["connect-src 'self'", ...extra].join(' '),
        "object-src 'none'",
        "base-uri 'self'",
        `frame-ancestors ${frameAncestors(ctx.path, shop, extra).join(' ')}`,
      ].join('; '),
    );
    await next();
  };
}

/** CORS only for the app's own origins; everyone else gets no CORS headers at all. */
export function appCors(origins: string[]): Middleware<AppState> {
  const allowed = new Set(origins.map((o) => new URL(o).origin));
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('origin');
      return allowed.has(origin) ? origin : '';
    },
    exposeHeaders: ['Content-Range', 'X-Request-Id', 'X-Shopify-API-Request-Failure-Reauthorize-Url', 'X-Shopify-Retry-Invalid-Session-Request'],
    // no allowHeaders: a preflight from our own origins may send the headers it asks for (the API's
    // Authorization, a plugin's own protocol such as tus's Upload-* on the video uploads)
    maxAge: 600,
  }) as unknown as Middleware<AppState>;
}
