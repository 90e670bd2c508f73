// Embedded admin credential: Shopify session tokens (JWT, 60 s). A shop seen for the first time is
// installed on the spot through token exchange (Shopify-managed installation).
import { RequestedTokenType } from '@shopify/shopify-api';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import { isAppToken } from '../auth/app-token';
import { bearerToken, type Authenticator } from '../auth/context';
import { SHOP_DOMAIN } from '../http/security';
import { Shop } from '../shops/shop.model';
import { assertSupportedShop } from '../shops/supported';
import { installShop } from './install';
import type { Shopify } from './shopify';
import type { TokenStore } from './token-store';

export const RETRY_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';

function invalid(reason: string) {
  // App Bridge fetches a fresh token and retries when it sees this header.
  return createHttpError(401, `Invalid session token: ${reason}`, { code: 'INVALID_SESSION_TOKEN', headers: { [RETRY_HEADER]: '1' } });
}

/** The shop a verified session token speaks for: aud is our key, and dest and iss name the same shop. */
export async function verifySessionToken(shopify: Shopify, token: string): Promise<{ shop: string; userId?: string }> {
  let payload: Record<string, unknown>;
  try {
    payload = (await shopify.session.decodeSessionToken(token)) as unknown as Record<string, unknown>;
  } catch (err) {
    throw invalid((err as Error).message.replace(/'[^']{20,}'/, 'token'));
  }
  let dest: string;
  let iss: string;
  try {
    dest = new URL(String(payload.dest)).hostname;
    iss = new URL(String(payload.iss)).hostname;
  } catch {
    throw invalid('dest or iss is not a URL');
  }
  if (dest !== iss) throw invalid('dest and iss name different shops');
  if (!SHOP_DOMAIN.test(dest)) throw invalid('not a shop domain');
  return { shop: dest, userId: payload.sub ? String(payload.sub) : undefined };
}

export function sessionTokenAuthenticator(knex: Knex, shopify: Shopify, tokens: TokenStore): Authenticator {
  return async (ctx) => {
    const token = bearerToken(ctx);
    if (!token || isAppToken(token)) return undefined;
    const { shop: domain, userId } = await verifySessionToken(shopify, token);
    let shop = await Shop.query().findOne({ shopifyDomain: domain }).whereNull('uninstalledAt');
    const hasToken = shop && (await knex('sessions').where({ shopId: shop.id }).first('id'));
    if (!shop || !hasToken) {
      const { session } = await shopify.auth.tokenExchange({
        shop: domain,
        sessionToken: token,
        requestedTokenType: RequestedTokenType.OfflineAccessToken,
        expiring: true,
      });
      shop = await installShop(knex, shopify, tokens, session);
    }
    assertSupportedShop(shop);
    return { shopId: shop.id, shopDomain: shop.shopifyDomain, method: 'session-token', userId };
  };
}
