// Access and refresh tokens as Shopify issues them: offline tokens (classic, or expiring after an
// hour with a 90-day refresh token) and online tokens tied to a staff member for 24 hours.
import { randomBytes } from 'node:crypto';
import type { EmulatorStore } from './store';
import type { AccessTokenRecord, ShopRecord, StaffRecord } from './types';

const HOUR_S = 3600;
const ONLINE_S = 86_399;
const REFRESH_S = 90 * 86_400;

const token = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export interface IssueOptions {
  scope: string;
  online?: StaffRecord | null;
  expiring?: boolean;
}

/** Issues a token and answers with the body of POST /admin/oauth/access_token. */
export function issueAccessToken(store: EmulatorStore, shop: ShopRecord, o: IssueOptions): Record<string, unknown> {
  const now = Date.now();
  // Forget tokens that expired over a day ago, so a long-lived state file does not grow forever.
  shop.accessTokens = shop.accessTokens.filter((t) => t.expiresAt === null || t.expiresAt > now - 86_400_000);
  shop.refreshTokens = shop.refreshTokens.filter((r) => r.expiresAt > now);
  if (o.online) {
    shop.accessTokens.push({ token: token('shpua'), scope: o.scope, online: true, userId: o.online.id, expiresAt: now + ONLINE_S * 1000, createdAt: now });
    store.changed();
    const u = o.online;
    return {
      access_token: shop.accessTokens.at(-1)!.token,
      scope: o.scope,
      expires_in: ONLINE_S,
      associated_user_scope: o.scope,
      session: randomBytes(16).toString('hex'),
      account_number: 0,
      associated_user: {
        id: Number(u.id),
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        account_owner: u.accountOwner,
        locale: u.locale,
        collaborator: false,
        email_verified: true,
      },
    };
  }
  const record: AccessTokenRecord = {
    token: token('shpat'),
    scope: o.scope,
    online: false,
    userId: null,
    expiresAt: o.expiring ? now + HOUR_S * 1000 : null,
    createdAt: now,
  };
  shop.accessTokens.push(record);
  store.changed();
  if (!o.expiring) return { access_token: record.token, scope: o.scope };
  const refresh = { token: token('shprt'), expiresAt: now + REFRESH_S * 1000 };
  shop.refreshTokens.push(refresh);
  return { access_token: record.token, expires_in: HOUR_S, refresh_token: refresh.token, refresh_token_expires_in: REFRESH_S, scope: o.scope };
}

/** A refresh token is single use: redeeming it removes it (Shopify rotates refresh tokens). */
export function redeemRefreshToken(store: EmulatorStore, shop: ShopRecord, value: string): boolean {
  const now = Date.now();
  const i = shop.refreshTokens.findIndex((r) => r.token === value && r.expiresAt > now);
  if (i < 0) return false;
  shop.refreshTokens.splice(i, 1);
  store.changed();
  return true;
}

export function validAccessToken(shop: ShopRecord, value: string | undefined): AccessTokenRecord | undefined {
  if (!value || !shop.installed) return undefined;
  const now = Date.now();
  return shop.accessTokens.find((t) => t.token === value && (t.expiresAt === null || t.expiresAt > now));
}

/** Control: every current access token expires now (refresh tokens stay valid), to test refresh. */
export function expireTokens(store: EmulatorStore, shop: ShopRecord): number {
  const now = Date.now();
  let n = 0;
  for (const t of shop.accessTokens) {
    if (t.expiresAt === null || t.expiresAt > now) {
      t.expiresAt = now - 1;
      n++;
    }
  }
  store.changed();
  return n;
}

export function revokeTokens(store: EmulatorStore, shop: ShopRecord): void {
  shop.accessTokens = [];
  shop.refreshTokens = [];
  store.changed();
}
