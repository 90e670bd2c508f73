// Which shop a storefront request speaks for: through the app proxy, the shop Shopify signed for
// (verifyAppProxy); directly, the shop named in the path. Unknown and uninstalled shops are 404.
// What every storefront route needs of the shop (its row, display settings, review settings and
// the versions the cache keys on) is kept in memory per shop: dropped with the shop's cached
// responses when the feed channel says it changed, re-read in the background after a minute in any
// case, and checked on every request while the LISTEN connection is down.
import crypto from 'node:crypto';
import type { RouterContext } from '@koa/router';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { tenantFor, type Tenant } from '../../../api/auth/tenant';
import type { AppState } from '../../../api/http/types';
import { SHOP_DOMAIN } from '../../../api/http/security';
import type { AppProxyContext } from '../../../api/platform/app-proxy';
import type { ApiServices } from '../../../api/plugins/types';
import { reviewSettings as reviewSettingsSchema, type ReviewSettings } from '../../reviews/shared/review';
import { withDisplayDefaults, type DisplaySettings } from '../shared/display-settings';
import type { StorefrontCache } from './cache';

/** The settings namespaces storefront output depends on (kernel settings table). */
const SETTINGS_NAMESPACES = ['display', 'display-trials', 'reviews'];
const STATE_TTL_MS = 60_000;

export interface StorefrontShop {
  id: number;
  /** the myshopify domain */
  domain: string;
  name: string;
  /** the online store's own domain (product URLs), the myshopify domain when unknown */
  storeDomain: string;
}

export interface StorefrontState {
  mount: 'proxy' | 'direct';
  shop: StorefrontShop;
  tenant: Tenant;
  display: DisplaySettings;
  reviewSettings: ReviewSettings;
  /** the shopper signed in to the store (app proxy only), as Shopify's numeric id */
  customerId: string | null;
  /** base URL of the storefront routes as the shopper's browser reaches them */
  endpoint: string;
  /** what cached responses are keyed by */
  versions: { feed: string; settings: string };
}

/** ctx.state of storefront routes: the kernel's, plus the shop's (tenant, display and review settings). */
export interface StorefrontAppState extends AppState {
  storefront: StorefrontState;
  shop: StorefrontShop;
  display: DisplaySettings;
  reviewSettings: ReviewSettings;
  proxy?: AppProxyContext;
  /** set when the answer came from the in-process cache (nothing else to log) */
  cacheHit?: boolean;
}

interface ShopState {
  shop: StorefrontShop;
  tenant: Tenant;
  display: DisplaySettings;
  reviewSettings: ReviewSettings;
  versions: { feed: string; settings: string };
  loadedAt: number;
}

function parseReviewSettings(value: unknown): ReviewSettings {
  const parsed = reviewSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : reviewSettingsSchema.parse({});
}

export class ShopStates {
  private readonly byDomain = new Map<string, Promise<ShopState | null>>();
  /** the same states once loaded, for the fast lane's synchronous look-up */
  private readonly ready = new Map<string, ShopState>();
  private readonly domains = new Map<number, string>();
  private readonly refreshing = new Set<string>();

  constructor(private readonly services: Pick<ApiServices, 'knex' | 'reviewFeed'>, private readonly cache: StorefrontCache) {
    cache.onDrop((shopId) => {
      if (shopId === null) {
        this.byDomain.clear();
        this.ready.clear();
        return;
      }
      const domain = this.domains.get(shopId);
      if (domain) this.forget(domain);
    });
  }

  private forget(domain: string) {
    this.byDomain.delete(domain);
    this.ready.delete(domain);
  }

  /**
   * The shop's state when it is in memory and needs no check (notifications arrive). Past its
   * minute it is still answered with while a fresh copy loads behind it.
   */
  peek(domain: string): ShopState | undefined {
    const state = this.ready.get(domain);
    if (!state || !this.cache.listening) return undefined;
    if (Date.now() - state.loadedAt > STATE_TTL_MS) this.refresh(domain);
    return state;
  }

  private async settingsOf(knex: Knex, shopId: number) {
    // tenancy: the shop's own settings rows, the shop resolved from the request
    const rows: { namespace: string; value: unknown }[] = await knex('settings').where({ shopId }).whereIn('namespace', SETTINGS_NAMESPACES).orderBy('namespace').select('namespace', 'value');
    // The content itself, not updated_at: a save that leaves the timestamp alone still counts.
    const version = rows.length ? crypto.createHash('sha1').update(JSON.stringify(rows)).digest('base64url').slice(0, 16) : '0';
    return { rows, version };
  }

  private async feedVersion(tenant: Tenant): Promise<string> {
    return this.services.reviewFeed ? this.services.reviewFeed.version(tenant) : '0';
  }

  private async load(domain: string): Promise<ShopState | null> {
    const { knex } = this.services;
    // tenancy: storefront routes name their shop by domain (signed by Shopify through the proxy)
    const row = await knex('shops').where({ shopifyDomain: domain }).whereNull('uninstalledAt').first('id', 'shopifyDomain', 'name', 'domain');
    if (!row) return null;
    const tenant = tenantFor(row.id, row.shopifyDomain);
    const [settings, feed] = await Promise.all([this.settingsOf(knex, row.id), this.feedVersion(tenant)]);
    const value = (ns: string) => settings.rows.find((r) => r.namespace === ns)?.value;
    this.domains.set(row.id, domain);
    return {
      shop: { id: row.id, domain: row.shopifyDomain, name: row.name ?? row.shopifyDomain, storeDomain: row.domain || row.shopifyDomain },
      tenant,
      display: withDisplayDefaults(value('display')),
      reviewSettings: parseReviewSettings(value('reviews')),
      versions: { feed, settings: settings.version },
      loadedAt: Date.now(),
    };
  }

  private startLoad(domain: string): Promise<ShopState | null> {
    const loading = this.load(domain);
    this.byDomain.set(domain, loading);
    loading.then(
      (state) => {
        if (this.byDomain.get(domain) !== loading) return; // dropped meanwhile
        if (state) this.ready.set(domain, state);
        else this.byDomain.delete(domain); // unknown shops are not remembered
      },
      () => this.byDomain.get(domain) === loading && this.byDomain.delete(domain),
    );
    return loading;
  }

  /** A fresh copy of a state past its minute (the shop row and review settings send no notification). */
  private refresh(domain: string) {
    const current = this.byDomain.get(domain);
    if (!current || this.refreshing.has(domain)) return;
    this.refreshing.add(domain);
    const loading = this.load(domain);
    loading
      .then((state) => {
        if (this.byDomain.get(domain) !== current) return; // dropped or reloaded meanwhile
        if (!state) return this.forget(domain);
        this.byDomain.set(domain, loading);
        this.ready.set(domain, state);
      })
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(domain));
  }

  /** The shop's state, loaded once for concurrent requests; fresh by notification or by checking. */
  async get(domain: string): Promise<ShopState | null> {
    const state = await (this.byDomain.get(domain) ?? this.startLoad(domain));
    if (!state) return null;
    if (!this.cache.listening) {
      // No notifications: compare the versions before trusting anything kept.
      const [settings, feed] = await Promise.all([this.settingsOf(this.services.knex, state.shop.id), this.feedVersion(state.tenant)]);
      if (settings.version !== state.versions.settings || feed !== state.versions.feed || Date.now() - state.loadedAt > STATE_TTL_MS) {
        this.cache.dropShop(state.shop.id);
        this.forget(domain);
        return this.startLoad(domain);
      }
      return state;
    }
    if (Date.now() - state.loadedAt > STATE_TTL_MS) this.refresh(domain);
    return state;
  }
}

const states = new WeakMap<object, ShopStates>();

/** One set of shop states per API runtime (the routes and the fast lane share it). */
export function shopStates(services: ApiServices, cache: StorefrontCache): ShopStates {
  let found = states.get(services);
  if (!found) states.set(services, (found = new ShopStates(services, cache)));
  return found;
}

function apply(ctx: { state: StorefrontAppState }, state: ShopState, mount: StorefrontState['mount'], endpoint: string, customerId: string | null) {
  const storefront: StorefrontState = { mount, shop: state.shop, tenant: state.tenant, display: state.display, reviewSettings: state.reviewSettings, customerId, endpoint, versions: state.versions };
  ctx.state.storefront = storefront;
  ctx.state.tenant = state.tenant;
  ctx.state.shop = state.shop;
  ctx.state.display = state.display;
  ctx.state.reviewSettings = state.reviewSettings;
}

const notFound = () => createHttpError(404, 'Shop not found');

/** After verifyAppProxy: the signed shop, the signed-in shopper, links back through /apps/plaudit. */
export function proxyShopContext(shops: ShopStates): Middleware<StorefrontAppState> {
  return async (ctx, next) => {
    const proxy = ctx.state.proxy!;
    const state = await shops.get(proxy.shopDomain);
    if (!state) throw notFound();
    const prefix = typeof ctx.query.path_prefix === 'string' && /^\/apps\/[\w-]{1,64}$/.test(ctx.query.path_prefix) ? ctx.query.path_prefix : '/apps/plaudit';
    const customerId = proxy.loggedInCustomerId && /^\d{1,20}$/.test(proxy.loggedInCustomerId) ? proxy.loggedInCustomerId : null;
    apply(ctx, state, 'proxy', prefix, customerId);
    return next();
  };
}

/** /storefront/shops/:shop/*: the shop in the path, links to this app's own URL. */
export function directShopContext(shops: ShopStates, appUrl: string): Middleware<StorefrontAppState> {
  return async (ctx, next) => {
    const domain = String((ctx as unknown as RouterContext).params.shop ?? '').toLowerCase();
    if (!SHOP_DOMAIN.test(domain)) throw notFound();
    const state = await shops.get(domain);
    if (!state) throw notFound();
    apply(ctx, state, 'direct', `${appUrl}/storefront/shops/${domain}`, null);
    return next();
  };
}
