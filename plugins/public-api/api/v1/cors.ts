// CORS for the public API's storefront operations (no key): a browser on one of the shop's
// configured headless origins (settings 'public-api'.headlessOrigins) may read them; any other
// origin gets no CORS headers, so its browser refuses the answer. The shop is the one the
// operation names in its `shop` path parameter or query parameter (operation.ts). Keyed operations
// are for servers: their preflight is answered (204, Allow) without CORS headers.
import type { Middleware } from 'koa';
import { SHOP_DOMAIN, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import { PUBLIC_API_SETTINGS_DEFAULTS, publicApiSettingsSchema } from '../../shared/settings';

/** how long a shop's origins are kept in memory (a change in this process drops them at once) */
const ORIGINS_TTL_MS = 30_000;
const ORIGINS_MAX_SHOPS = 10_000;
export const CORS_MAX_AGE_SECONDS = 600;
/** what a storefront script may read besides the CORS-safelisted fields */
const EXPOSED = ['ETag', 'X-Request-Id'];

export const publicApiSettings = (services: ApiServices) => services.settings.namespace('public-api', publicApiSettingsSchema, PUBLIC_API_SETTINGS_DEFAULTS);

/** The shop a storefront operation names: its `shop` path parameter, else its `shop` query parameter. */
export function storefrontShop(ctx: AppContext): string | undefined {
  const shop = (ctx.params as Record<string, string | undefined>)?.shop ?? ctx.query.shop;
  return typeof shop === 'string' && SHOP_DOMAIN.test(shop) ? shop.toLowerCase() : undefined;
}

export function headlessOrigins(services: ApiServices) {
  const settings = publicApiSettings(services);
  const cache = new Map<string, { origins: Set<string>; shopId: number | null; at: number }>();
  services.settings.onChange(({ shopId, namespace }) => {
    if (namespace !== settings.name) return;
    for (const [domain, entry] of cache) if (entry.shopId === shopId) cache.delete(domain);
  });
  return async (domain: string): Promise<Set<string>> => {
    const hit = cache.get(domain);
    if (hit && Date.now() - hit.at < ORIGINS_TTL_MS) return hit.origins;
    const shop = await services.shops.byDomain(domain);
    const origins = new Set(shop ? (await settings.get(shop.id)).headlessOrigins : []);
    if (cache.size >= ORIGINS_MAX_SHOPS) cache.delete(cache.keys().next().value!);
    cache.set(domain, { origins, shopId: shop?.id ?? null, at: Date.now() });
    return origins;
  };
}

/** CORS headers for an allowed origin; answers the preflight itself. */
export function storefrontCors(originsOf: (domain: string) => Promise<Set<string>>, methods: string[]): Middleware<AppState> {
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    const shop = origin ? storefrontShop(ctx) : undefined;
    ctx.vary('Origin');
    const allowed = !!shop && (await originsOf(shop)).has(origin);
    if (allowed) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', EXPOSED.join(', '));
      // our answers are read cross-origin on purpose (helmet's default is same-origin)
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    if (ctx.method !== 'OPTIONS') return next();
    ctx.set('Allow', ['OPTIONS', ...methods].join(', '));
    if (allowed) {
      ctx.set('Access-Control-Allow-Methods', methods.join(', '));
      ctx.set('Access-Control-Allow-Headers', 'Content-Type, If-None-Match');
      ctx.set('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS));
    }
    ctx.status = 204;
  };
}
