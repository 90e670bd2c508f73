// Which shop a storefront request speaks for: through the app proxy, the shop Shopify signed for
// (verifyAppProxy); directly, the shop named in the path. Unknown and uninstalled shops are 404.
// What every storefront route needs of the shop (the kernel's view of it, display settings, the
// review settings of the ReviewFeed capability and the versions the cache keys on) is kept in memory per shop: dropped with the shop's cached
// responses when the feed channel says it changed, re-read in the background after a minute in any
// case, and checked on every request while the LISTEN connection is down.
import crypto from 'node:crypto';
import type { RouterContext } from '@koa/router';
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import { type ApiServices, type AppProxyContext, type AppState, SHOP_DOMAIN, type Tenant, tenantFor } from '@plaudit/kernel';
import type { DisplaySettings } from '../shared/display-settings';
import { merchantLabelsOf } from '../shared/merchant-labels';
import type { StorefrontReviewSettings } from '@plaudit/contracts/reviews';
import { reviewFeedOf } from '../shared/review-feed';
import type { TranslationMode } from '@plaudit/contracts/translations';
import { reviewTranslationsOf } from '../shared/review-translations';
import type { StorefrontVideo } from '@plaudit/contracts/video-reviews';
import { storefrontVideoOf } from '../shared/review-videos';
import { reviewQuestionsOf } from '../shared/review-questions';
import { reviewInsightsOf } from '../shared/review-insights';
import { productGroupsOf } from '../shared/product-groups';
import type { Labels } from '../shared/widget-text';
import { displayOf } from './display-store';
import { shopperLanguage } from './storefront-text';

const STATE_TTL_MS = 60_000;

/** What the shop states need of the storefront cache (cache.ts), which in turn types its routes' state by this file. */
export interface ShopChangeSignals {
  /** told when a shop's (or, with null, every shop's) cached answers are dropped */
  onDrop(fn: (shopId: number | null) => void): void;
  /** whether changes arrive by LISTEN; while not, states are checked on every request */
  readonly listening: boolean;
  dropShop(shopId: number): void;
}

export interface StorefrontShop {
  id: number;
  /** the myshopify domain */
  domain: string;
  name: string;
  /** the online store's own domain (product URLs), the myshopify domain when unknown */
  storeDomain: string;
  /** the shop's primary storefront locale ('en', 'de', ...): the language when the request names none */
  locale: string;
}

export interface StorefrontState {
  mount: 'proxy' | 'direct';
  shop: StorefrontShop;
  tenant: Tenant;
  display: DisplaySettings;
  reviewSettings: StorefrontReviewSettings;
  /** the shopper signed in to the store (app proxy only), as Shopify's numeric id */
  customerId: string | null;
  /** base URL of the storefront routes as the shopper's browser reaches them */
  endpoint: string;
  /** the language answered in (?locale=, else the shop's primary locale, else English): cached answers are keyed by it */
  lang: string;
  /** the merchant's labels by language (TranslationLabels; part of the settings version) */
  labels: Record<string, Labels>;
  /** "See translation" and automatic translation (TranslationReviews; part of the settings version) */
  translation: TranslationMode;
  /** the review form's video field (ReviewVideos; part of the settings version), null without one */
  video: StorefrontVideo | null;
  /** what cached responses are keyed by */
  versions: { feed: string; settings: string };
  /** renders read the replica only once it has replayed this position, so rows are never older than `versions.feed` */
  readAfter?: string;
}

/** ctx.state of storefront routes: the kernel's, plus the shop's (tenant, display and review settings). */
export interface StorefrontAppState extends AppState {
  storefront: StorefrontState;
  shop: StorefrontShop;
  display: DisplaySettings;
  reviewSettings: StorefrontReviewSettings;
  proxy?: AppProxyContext;
  /** set when the answer came from the in-process cache (nothing else to log) */
  cacheHit?: boolean;
}

interface ShopState {
  shop: StorefrontShop;
  tenant: Tenant;
  display: DisplaySettings;
  reviewSettings: StorefrontReviewSettings;
  labels: Record<string, Labels>;
  translation: TranslationMode;
  video: StorefrontVideo | null;
  versions: { feed: string; settings: string };
  /** the primary's position taken after the feed version: a replica read must have replayed it (services.reads) */
  readAfter?: string;
  loadedAt: number;
}

export class ShopStates {
  private readonly byDomain = new Map<string, Promise<ShopState | null>>();
  /** the same states once loaded, for the fast lane's synchronous look-up */
  private readonly ready = new Map<string, ShopState>();
  private readonly domains = new Map<number, string>();
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly services: Pick<ApiServices, 'shops' | 'settings' | 'capabilities' | 'reads'>,
    private readonly cache: ShopChangeSignals,
  ) {
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

  /**
   * Display and review settings, the merchant's labels, what review translation offers (tier and
   * autoTranslate), and a version of their content (a save that changes nothing is no change).
   */
  private async settingsOf(tenant: Tenant) {
    const [display, reviewSettings, labels, translation, video, questions, insights, groups] = await Promise.all([
      displayOf(this.services.settings, tenant.shopId),
      reviewFeedOf(this.services).storefrontSettings(tenant),
      merchantLabelsOf(this.services).all(tenant),
      reviewTranslationsOf(this.services).mode(tenant),
      storefrontVideoOf(this.services, tenant),
      // the custom questions' version: a question edited or an answered review shown or hidden
      reviewQuestionsOf(this.services)?.version(tenant) ?? null,
      // "What customers say"'s version: a product's topics counted again (plugins/insights)
      reviewInsightsOf(this.services)?.version(tenant) ?? null,
      // product groups' version: a group created, changed or removed (plugins/product-groups)
      productGroupsOf(this.services)?.version(tenant) ?? null,
    ]);
    const version = crypto
      .createHash('sha1')
      .update(JSON.stringify([display, reviewSettings, labels, translation, video, questions, insights, groups]))
      .digest('base64url')
      .slice(0, 16);
    return { display, reviewSettings, labels, translation, video, version };
  }

  private async load(domain: string): Promise<ShopState | null> {
    // storefront routes name their shop by domain (signed by Shopify through the proxy)
    const shop = await this.services.shops.byDomain(domain);
    if (!shop) return null;
    const tenant = tenantFor(shop.id, shop.domain);
    const [settings, feed] = await Promise.all([this.settingsOf(tenant), reviewFeedOf(this.services).version(tenant)]);
    // after the version: everything that version counts was committed before this position
    const readAfter = await this.services.reads.position();
    this.domains.set(shop.id, domain);
    return {
      shop: { id: shop.id, domain: shop.domain, name: shop.name, storeDomain: shop.publicDomain || shop.domain, locale: shop.locale },
      tenant,
      display: settings.display,
      reviewSettings: settings.reviewSettings,
      labels: settings.labels,
      translation: settings.translation,
      video: settings.video,
      versions: { feed, settings: settings.version },
      readAfter,
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
      const [settings, feed] = await Promise.all([this.settingsOf(state.tenant), reviewFeedOf(this.services).version(state.tenant)]);
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

/**
 * A read every shopper sees the same: on the read replica when it is up and has replayed the
 * position taken with the feed version this answer is cached under, else on the primary
 * (services.reads). A shopper's own reviews are not read through it: they must show their own writes.
 */
export function storefrontRead<T>(services: Pick<ApiServices, 'reads'>, storefront: StorefrontState, read: (tenant: Tenant) => Promise<T>): Promise<T> {
  return services.reads.read(storefront.tenant, read, { after: storefront.readAfter });
}

const states = new WeakMap<object, ShopStates>();

/** One set of shop states per API runtime (the routes and the fast lane share it). */
export function shopStates(services: ApiServices, cache: ShopChangeSignals): ShopStates {
  let found = states.get(services);
  if (!found) states.set(services, (found = new ShopStates(services, cache)));
  return found;
}

function apply(
  ctx: { state: StorefrontAppState; query: Record<string, unknown> },
  state: ShopState,
  mount: StorefrontState['mount'],
  endpoint: string,
  customerId: string | null,
) {
  const lang = shopperLanguage(ctx.query.locale, state.shop.locale);
  const storefront: StorefrontState = {
    mount,
    shop: state.shop,
    tenant: state.tenant,
    display: state.display,
    reviewSettings: state.reviewSettings,
    customerId,
    endpoint,
    lang,
    labels: state.labels,
    translation: state.translation,
    video: state.video,
    versions: state.versions,
    readAfter: state.readAfter,
  };
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
