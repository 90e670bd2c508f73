import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import { Shop } from '../shops/shop.model';
import { assertSupportedShop } from '../shops/supported';
import type { AppState } from '../http/types';
import { appTokenKey, isAppToken, verifyAppToken } from './app-token';
import { bearerToken, type Authenticator } from './context';
import { tenantFor } from './tenant';

/** The kernel's own credential: app tokens from standalone sign-in or the ops CLI. */
export function appTokenAuthenticator(encryptionKey: Buffer): Authenticator {
  const key = appTokenKey(encryptionKey);
  return async (ctx) => {
    const token = bearerToken(ctx);
    if (!token || !isAppToken(token)) return undefined;
    const result = verifyAppToken(key, token);
    if (!result.ok) throw createHttpError(401, `Invalid token: ${result.reason}`, { code: 'INVALID_TOKEN' });
    const shop = await Shop.query().findOne({ shopifyDomain: result.claims.sub }).whereNull('uninstalledAt');
    if (!shop) throw createHttpError(401, 'Invalid token: unknown or uninstalled shop', { code: 'INVALID_TOKEN' });
    assertSupportedShop(shop);
    return { shopId: shop.id, shopDomain: shop.shopifyDomain, method: 'app-token' };
  };
}

/** Tries each authenticator in turn; the first that recognises the credential decides. */
export function authenticate(authenticators: Authenticator[]): Middleware<AppState> {
  return async (ctx, next) => {
    for (const authenticator of authenticators) {
      const auth = await authenticator(ctx);
      if (auth) {
        ctx.state.auth = auth;
        ctx.state.tenant = tenantFor(auth.shopId, auth.shopDomain);
        return next();
      }
    }
    throw createHttpError(401, 'Authentication required', { code: 'UNAUTHENTICATED' });
  };
}
