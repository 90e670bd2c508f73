// Offline access tokens, encrypted at rest in `sessions`, refreshed before they expire.
import { Session, type Shopify } from '@shopify/shopify-api';
import type { Knex } from 'knex';
import { open, seal } from './crypto';

const REFRESH_MARGIN_MS = 60_000;

export class TokenStore {
  private readonly refreshing = new Map<string, Promise<Session>>();

  constructor(
    private readonly knex: Knex,
    private readonly shopify: Shopify,
    private readonly key: Buffer,
  ) {}

  async save(shopId: number, session: Session, trx: Knex = this.knex) {
    if (!session.accessToken) throw new Error('a session without an access token');
    const row = {
      id: session.id,
      shopId,
      isOnline: session.isOnline,
      scope: session.scope ?? null,
      accessTokenEncrypted: seal(this.key, session.accessToken),
      expiresAt: session.expires ?? null,
      refreshTokenEncrypted: session.refreshToken ? seal(this.key, session.refreshToken) : null,
      refreshTokenExpiresAt: session.refreshTokenExpires ?? null,
      userId: session.onlineAccessInfo?.associated_user?.id?.toString() ?? null,
      updatedAt: new Date(),
    };
    await trx('sessions').insert(row).onConflict('id').merge();
  }

  async load(shopDomain: string): Promise<Session | undefined> {
    const row = await this.knex('sessions')
      .where({ id: this.shopify.session.getOfflineId(shopDomain) })
      .first();
    if (!row) return undefined;
    return new Session({
      id: row.id,
      shop: shopDomain,
      state: '',
      isOnline: row.isOnline,
      scope: row.scope ?? undefined,
      accessToken: open(this.key, row.accessTokenEncrypted),
      expires: row.expiresAt ?? undefined,
      refreshToken: row.refreshTokenEncrypted ? open(this.key, row.refreshTokenEncrypted) : undefined,
      refreshTokenExpires: row.refreshTokenExpiresAt ?? undefined,
    });
  }

  /** A usable offline session: refreshed transparently when it expires within a minute (or `force`). */
  async offlineSession(shopDomain: string, force = false): Promise<Session> {
    const session = await this.load(shopDomain);
    if (!session) throw new NoSessionError(shopDomain);
    if (!force && !(session.expires && session.expires.getTime() - Date.now() < REFRESH_MARGIN_MS)) return session;
    if (!session.refreshToken) throw new NoSessionError(shopDomain);
    // One refresh at a time per shop: a refresh token is single-use.
    let pending = this.refreshing.get(shopDomain);
    if (!pending) {
      pending = this.refresh(shopDomain, session).finally(() => this.refreshing.delete(shopDomain));
      this.refreshing.set(shopDomain, pending);
    }
    return pending;
  }

  private async refresh(shopDomain: string, stale: Session): Promise<Session> {
    const { session } = await this.shopify.auth.refreshToken({ shop: shopDomain, refreshToken: stale.refreshToken! });
    const shop = await this.knex('sessions').where({ id: stale.id }).first('shopId');
    await this.save(shop.shopId, session);
    return session;
  }

  async remove(shopId: number, trx: Knex = this.knex) {
    await trx('sessions').where({ shopId }).del();
  }
}

export class NoSessionError extends Error {
  constructor(readonly shop: string) {
    super(`No usable offline token for ${shop}: the app must be installed again`);
    this.name = 'NoSessionError';
  }
}
