// API key authentication for /api/public/v1: `Authorization: Bearer <key>` (or `X-Api-Key: <key>`)
// names the shop every query of the call is scoped to, as the admin's own authentication does
// (ctx.state.auth, ctx.state.tenant), and the key's scopes (ctx.state.apiKey) that `requireScope`
// checks. A shop whose plan is below the public API's tier is refused, keys and all.
//
// Rate limit: per key, RATE_WINDOW_SECONDS windows of the key's own budget (api_keys.rate_limit,
// 120 requests a minute unless an operator raised it), counted in PostgreSQL so every API process
// shares it. Every answer past authentication carries the RateLimit header fields of
// draft-ietf-httpapi-ratelimit-headers-06 (https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/06/):
//   RateLimit-Limit: 120          the window's quota
//   RateLimit-Remaining: 87       what is left of it
//   RateLimit-Reset: 42           delta-seconds until the quota is whole again
//   RateLimit-Policy: 120;w=60    the quota policy (quota; w = window in seconds)
// (later drafts fold these into `RateLimit` and `RateLimit-Policy` structured fields; -06 is the
// last with the separate fields clients and gateways widely read). Over the quota: 429 with
// Retry-After (RFC 9110) in seconds.
import type { Middleware } from 'koa';
import { RateLimit, requiredTier, tenantFor, type ApiServices, type AppContext, type AppState } from '@plaudit/kernel';
import { authenticate } from '../db/keys';
import type { Scope } from '../shared/scopes';
import { answerError } from './public-error';

export const RATE_WINDOW_SECONDS = 60;
/** the feature the public API belongs to (plugin.ts) */
const FEATURE = 'publicApi';

/** ctx.state on a route behind keyAuth */
export interface KeyState extends AppState {
  apiKey: { id: number; scopes: Scope[] };
}

function presentedKey(ctx: AppContext): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  return bearer ?? (ctx.get('x-api-key').trim() || undefined);
}

function unauthenticated(ctx: AppContext, message: string, error?: 'invalid_token') {
  // RFC 6750 section 3: a bearer challenge, with the error when a key was presented
  ctx.set('WWW-Authenticate', `Bearer realm="plaudit"${error ? `, error="${error}"` : ''}`);
  answerError(ctx, 401, { code: 'UNAUTHENTICATED', message });
}

export function keyAuth(services: ApiServices): Middleware<AppState> {
  // one limiter per budget: a limiter's budget is fixed, and most keys share the default one
  const limiters = new Map<number, RateLimit>();
  const limiterFor = (points: number) => {
    let limiter = limiters.get(points);
    if (!limiter) limiters.set(points, (limiter = new RateLimit(services.knex, `public-api-key-${points}`, { points, perSeconds: RATE_WINDOW_SECONDS })));
    return limiter;
  };

  return async (ctx, next) => {
    const key = presentedKey(ctx);
    if (!key) return unauthenticated(ctx, 'An API key is required: send it as Authorization: Bearer <key>');
    const identity = await authenticate(services, key);
    if (!identity) return unauthenticated(ctx, 'The API key is invalid or was revoked', 'invalid_token');
    if (!services.shops.allows(identity.shop, FEATURE)) {
      const tier = requiredTier(FEATURE);
      return answerError(ctx, 403, { code: 'PLAN_TIER_TOO_LOW', message: `The public API needs the ${tier} tier`, tier });
    }

    const verdict = await limiterFor(identity.rateLimit).take(String(identity.keyId));
    ctx.set('RateLimit-Limit', String(verdict.limit));
    ctx.set('RateLimit-Remaining', String(verdict.remaining));
    ctx.set('RateLimit-Reset', String(verdict.resetSeconds));
    ctx.set('RateLimit-Policy', `${verdict.limit};w=${RATE_WINDOW_SECONDS}`);
    if (verdict.retryAfter > 0) {
      ctx.set('Retry-After', String(verdict.retryAfter));
      return answerError(ctx, 429, {
        code: 'RATE_LIMITED',
        message: `Too many requests: at most ${verdict.limit} a minute per key; try again in ${verdict.retryAfter} s`,
      });
    }

    ctx.state.auth = { shopId: identity.shopId, shopDomain: identity.shopDomain, method: 'api-key' };
    ctx.state.tenant = tenantFor(identity.shopId, identity.shopDomain);
    (ctx.state as KeyState).apiKey = { id: identity.keyId, scopes: identity.scopes };
    return next();
  };
}

/** Refuses a call whose key lacks `scope` (put it after keyAuth). */
export function requireScope(scope: Scope): Middleware<AppState> {
  return async (ctx, next) => {
    const apiKey = (ctx.state as Partial<KeyState>).apiKey;
    if (!apiKey) return unauthenticated(ctx, 'An API key is required: send it as Authorization: Bearer <key>');
    if (!apiKey.scopes.includes(scope)) {
      return answerError(ctx, 403, { code: 'INSUFFICIENT_SCOPE', message: `This call needs an API key with the ${scope} scope`, scope });
    }
    return next();
  };
}
