// Standalone sign-in: /auth/shopify?shop=<domain> starts Shopify's authorization-code flow;
// /auth/callback checks it (HMAC, timestamp, state cookie — by @shopify/shopify-api), installs the
// shop and hands the admin an app token in the URL fragment (never sent to a server or a log).
import type { ServerResponse } from 'node:http';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { appTokenKey, signAppToken } from '../auth/app-token';
import { countedAddress, RateLimit } from '../http/rate-limit';
import type { AppState } from '../http/types';
import { SHOP_DOMAIN } from '../http/security';
import { assertSupportedShop } from '../shops/supported';
import { installShop } from './install';
import { browserUrl, type Shopify } from './shopify';
import type { TokenStore } from './token-store';

const APP_TOKEN_TTL_S = 7 * 24 * 3600;
/** refused callbacks per address (a sign-in that succeeds is given back): forged ones are counted (issue 30.4) */
export const CALLBACK_MISSES_PER_ADDRESS = { points: 20, perSeconds: 600 };

function refusal(ctx: { status: number; type: string; body: unknown }, status: number, message: string) {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.body = `<!doctype html><meta charset="utf-8"><title>Sign-in failed</title><h1>Sign-in failed</h1><p>${message}</p><p><a href="/auth/login">Back to sign-in</a></p>`;
}

/**
 * The state cookies the library writes (Secure and SameSite=Lax already) get HttpOnly too: no script
 * of ours reads them, so none should be able to.
 */
function hardenCookies(value: unknown): unknown {
  const harden = (c: string) => {
    let out = /;\s*httponly/i.test(c) ? c : `${c}; HttpOnly`;
    if (!/;\s*samesite=/i.test(out)) out += '; SameSite=Lax';
    return out;
  };
  return Array.isArray(value) ? value.map((c) => harden(String(c))) : typeof value === 'string' ? harden(value) : value;
}

/** The raw response for the library: cookies hardened; with `toBrowser`, its redirect pointed at the emulator when one is configured. */
function libraryResponse(res: ServerResponse, toBrowser = false) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: never) => {
    const header = name.toLowerCase();
    return setHeader(name, (header === 'location' && toBrowser ? browserUrl(String(value)) : header === 'set-cookie' ? hardenCookies(value) : value) as never);
  }) as typeof res.setHeader;
  return res;
}

export function oauthRoutes(knex: Knex, shopify: Shopify, tokens: TokenStore, encryptionKey: Buffer, env = 'production') {
  const router = new Router<AppState>();
  const misses = new RateLimit(knex, 'oauth-callback-misses', CALLBACK_MISSES_PER_ADDRESS);

  router.get('/auth/shopify', async (ctx) => {
    const shop = String(ctx.query.shop ?? '')
      .trim()
      .toLowerCase();
    if (!SHOP_DOMAIN.test(shop)) return refusal(ctx, 400, 'Enter your shop domain, like my-store.myshopify.com.');
    // The library writes the redirect and the state cookies itself.
    ctx.respond = false;
    await shopify.auth.begin({ shop, callbackPath: '/auth/callback', isOnline: false, rawRequest: ctx.req, rawResponse: libraryResponse(ctx.res, true) });
  });

  router.get('/auth/callback', async (ctx) => {
    // counted before the library checks it, so concurrent forgeries cannot all slip past the budget
    const address = countedAddress(ctx.ip, env);
    const wait = address ? await misses.hit(address) : 0;
    if (wait) {
      ctx.set('Retry-After', String(wait));
      return refusal(ctx, 429, 'Too many sign-in attempts from here. Please wait a few minutes and start again.');
    }
    let session;
    try {
      ({ session } = await shopify.auth.callback({ rawRequest: ctx.req, rawResponse: libraryResponse(ctx.res), expiring: true }));
    } catch (err) {
      ctx.state.log.warn({ err: (err as Error).message }, 'OAuth callback refused');
      return refusal(ctx, 400, 'The sign-in link was not valid or has expired. Please start again.');
    }
    if (address) await misses.refund(address);
    const shop = await installShop(knex, shopify, tokens, session);
    try {
      assertSupportedShop(shop);
    } catch {
      return ctx.redirect('/not-supported');
    }
    const token = signAppToken(appTokenKey(encryptionKey), shop.shopifyDomain, APP_TOKEN_TTL_S);
    ctx.redirect(`/auth/complete#token=${encodeURIComponent(token)}`);
  });

  return router;
}
