// OAuth as Shopify serves it: the consent page, the authorization-code redirect with its HMAC, the
// access_token endpoint (authorization code, token exchange, refresh) and session tokens.
import { createHmac, randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { EmulatorContext } from './context';
import { adminPage, errorPage, html } from './html';
import { sessionTokenClaims, signJwt, verifySessionToken } from './jwt';
import { issueAccessToken, redeemRefreshToken } from './tokens';
import type { ShopRecord } from './types';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const OFFLINE = 'urn:shopify:params:oauth:token-type:offline-access-token';
const ONLINE = 'urn:shopify:params:oauth:token-type:online-access-token';
const CODE_TTL_MS = 60_000;

/**
 * The callback HMAC exactly as @shopify/shopify-api validates it: every param but hmac/signature,
 * keys sorted, URL-encoded like URLSearchParams with spaces as %20, hex HMAC-SHA256 with the secret.
 */
export function oauthHmac(params: Record<string, string>, secret: string): string {
  const q = new URLSearchParams();
  Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort((a, b) => a.localeCompare(b))
    .forEach((k) => q.append(k, params[k]));
  return createHmac('sha256', secret).update(q.toString().replace(/\+/g, '%20')).digest('hex');
}

/** The `host` param: base64url of the shop's admin address, as App Bridge expects it. */
export function hostParam(shop: string): string {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString('base64url');
}

function oauthError(ctx: Context, error: string, description: string, status = 400) {
  ctx.status = status;
  ctx.body = { error, error_description: description };
}

const SCOPE_LABELS: Record<string, string> = {
  read_products: 'View products',
  write_products: 'View and edit products, metafields',
  read_customers: 'View customers',
  write_customers: 'View and edit customers',
  read_orders: 'View orders (last 60 days)',
  write_orders: 'View and edit orders',
  read_fulfillments: 'View fulfillments',
  write_discounts: 'View and create discounts',
  read_discounts: 'View discounts',
};

export function oauthRouter(em: EmulatorContext): Router {
  const router = new Router();

  /** Checks the authorize params; answers the 400 page itself and returns undefined when they are bad. */
  function authorizeRequest(ctx: Context, p: Record<string, unknown>) {
    const get = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);
    const page = (status: number, title: string, message: string) => void ((ctx.status = status), (ctx.type = 'html'), (ctx.body = errorPage(title, message)));
    const shop = em.store.shop(ctx.params.shop);
    if (!shop) return page(404, 'Store not found', `There is no store at ${ctx.params.shop}.`);
    const clientId = get('client_id');
    const redirectUri = get('redirect_uri');
    if (clientId !== em.apiKey) return page(400, 'Oauth error', 'Oauth error invalid_request: The client_id is not valid.');
    if (!redirectUri || !sameOrigin(redirectUri, em.appUrl))
      return page(400, 'Oauth error', 'Oauth error invalid_request: The redirect_uri is not whitelisted.');
    return { shop, clientId, redirectUri, scope: get('scope') ?? '', state: get('state'), online: perUser(p) };
  }

  router.get('/shops/:shop/admin/oauth/authorize', (ctx) => {
    const q = ctx.query;
    const req = authorizeRequest(ctx, q);
    if (!req) return;
    const scopes = req.scope
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    ctx.type = 'html';
    ctx.body = adminPage(
      `Install Plaudit`,
      html`
      <h1>Install Plaudit on ${req.shop.name}</h1>
      <p class="muted">${req.shop.domain}</p>
      <p>Plaudit will be able to:</p>
      <ul>${scopes.map((s) => html`<li>${SCOPE_LABELS[s] ?? s} <span class="muted">(${s})</span></li>`)}</ul>
      ${req.online ? html`<p class="muted">Access for your staff account only (online access).</p>` : html``}
      <form method="post" action="/shops/${req.shop.domain}/admin/oauth/authorize">
        ${Object.entries(q).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
        <div class="actions"><button type="submit">Install</button><a href="/shops/${req.shop.domain}/admin">Cancel</a></div>
      </form>`,
    ).toString();
  });

  // The Install button: the merchant consents, the app is installed with these scopes, and the
  // browser goes back to the app with a single-use code.
  router.post('/shops/:shop/admin/oauth/authorize', (ctx) => {
    const req = authorizeRequest(ctx, (ctx.request.body ?? {}) as Record<string, unknown>);
    if (!req) return;
    const code = randomBytes(16).toString('hex');
    em.store.authCodes.set(code, {
      code,
      shop: req.shop.domain,
      clientId: req.clientId,
      scope: req.scope,
      online: req.online,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    req.shop.installed = true;
    if (req.scope) req.shop.scopes = req.scope;
    em.store.changed();
    const params: Record<string, string> = { code, host: hostParam(req.shop.domain), shop: req.shop.domain, timestamp: String(Math.floor(Date.now() / 1000)) };
    if (req.state !== undefined) params.state = req.state;
    const target = new URL(req.redirectUri);
    for (const [k, v] of Object.entries({ ...params, hmac: oauthHmac(params, em.apiSecret) })) target.searchParams.set(k, v);
    ctx.redirect(target.toString());
  });

  router.post('/shops/:shop/admin/oauth/access_token', (ctx) => {
    const shop = em.store.shop(ctx.params.shop);
    if (!shop) return oauthError(ctx, 'invalid_request', `Unknown shop ${ctx.params.shop}`, 404);
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    const str = (k: string) => (typeof b[k] === 'string' || typeof b[k] === 'number' ? String(b[k]) : undefined);
    if (str('client_id') !== em.apiKey || str('client_secret') !== em.apiSecret) {
      return oauthError(
        ctx,
        'invalid_request',
        'Oauth error invalid_request: Could not find Shopify API application with api_key or the client_secret is wrong.',
      );
    }
    const expiring = str('expiring') === '1';
    const grant = str('grant_type');
    if (!grant || grant === 'authorization_code') return codeGrant(ctx, shop, str('code'), expiring);
    if (grant === TOKEN_EXCHANGE) return tokenExchange(ctx, shop, str('subject_token'), str('subject_token_type'), str('requested_token_type'), expiring);
    if (grant === 'refresh_token') {
      if (!redeemRefreshToken(em.store, shop, str('refresh_token') ?? '')) return oauthError(ctx, 'invalid_grant', 'Token has been expired or revoked.');
      ctx.body = issueAccessToken(em.store, shop, { scope: shop.scopes, expiring: true });
      return;
    }
    oauthError(ctx, 'unsupported_grant_type', `The grant type ${grant} is not supported.`);
  });

  function codeGrant(ctx: Context, shop: ShopRecord, code: string | undefined, expiring: boolean) {
    const grant = code ? em.store.authCodes.get(code) : undefined;
    if (code) em.store.authCodes.delete(code); // single use, even when the rest is wrong
    if (!grant || grant.shop !== shop.domain || grant.clientId !== em.apiKey || grant.expiresAt < Date.now()) {
      return oauthError(ctx, 'invalid_request', 'Oauth error invalid_request: The authorization code was not found or was already used');
    }
    const staff = grant.online ? shop.staff.find((s) => s.accountOwner) : null;
    ctx.body = issueAccessToken(em.store, shop, { scope: grant.scope || shop.scopes, online: staff, expiring });
  }

  function tokenExchange(ctx: Context, shop: ShopRecord, subject?: string, subjectType?: string, requested?: string, expiring = false) {
    if (subjectType !== ID_TOKEN) return oauthError(ctx, 'invalid_request', 'subject_token_type must be urn:ietf:params:oauth:token-type:id_token');
    if (requested !== OFFLINE && requested !== ONLINE) return oauthError(ctx, 'invalid_request', 'requested_token_type is not supported');
    const { claims, error } = verifySessionToken(subject ?? '', em.apiSecret, em.apiKey);
    if (!claims || claims.dest !== `https://${shop.domain}`) {
      em.log.debug({ shop: shop.domain, error }, 'store emulator: refused subject token');
      return oauthError(ctx, 'invalid_subject_token', 'Token exchange cannot be performed due to an invalid subject token.');
    }
    // A session token only exists when the merchant opened the app in the admin: that installs it.
    if (!shop.installed) (shop.installed = true), em.store.changed();
    const staff = requested === ONLINE ? (shop.staff.find((s) => s.id === claims.sub) ?? shop.staff[0]) : null;
    ctx.body = issueAccessToken(em.store, shop, { scope: shop.scopes, online: staff, expiring: requested === OFFLINE && expiring });
  }

  // Stands in for App Bridge's `shopify.idToken()`: a session token for a shop's staff member.
  router.post('/_emulator/session-token', (ctx) => {
    const b = (ctx.request.body ?? {}) as { shop?: string; userId?: string };
    const shop = b.shop ? em.store.shop(b.shop) : undefined;
    if (!shop) return void ((ctx.status = 404), (ctx.body = { error: `unknown shop ${b.shop}` }));
    const userId = b.userId ?? shop.staff.find((s) => s.accountOwner)!.id;
    ctx.body = { token: signJwt(sessionTokenClaims(shop.domain, em.apiKey, String(userId), randomBytes(16).toString('hex')), em.apiSecret) };
  });

  // A bare stand-in for the shop's admin home (where Cancel on the consent page leads).
  router.get('/shops/:shop/admin', (ctx) => {
    const shop = em.store.shop(ctx.params.shop);
    if (!shop) return void (ctx.status = 404);
    ctx.type = 'html';
    ctx.body = adminPage(
      shop.name,
      html`<h1>${shop.name}</h1><p class="muted">${shop.domain} · ${shop.plan.displayName} plan</p>
      <p>Plaudit is ${shop.installed ? 'installed' : 'not installed'} on this store.</p>`,
    );
  });

  return router;
}

/** `grant_options[]=per-user` asks for an online token (a form body parses it into an array). */
function perUser(p: Record<string, unknown>): boolean {
  return [p['grant_options[]'], p.grant_options].flat().includes('per-user');
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
