// Storefront responses are the same for every shopper of a shop and language until its reviews or
// its settings change, so they are kept in process (an LRU bounded in entries and bytes), first
// pages also in PostgreSQL for every process (shared-answers.ts), and answered with an ETag,
// `Cache-Control: public, max-age=60, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400`
// and 304s (README.md, "Storefront caching"). A LISTEN connection on the review feed's channel
// (feed-listener.ts) drops a shop's entries the moment a write commits; while that connection is
// down every request checks the shop's versions instead (see shop-context.ts).
// The last good answer of every URL is also kept apart from those drops: when a read fails because
// the database is unreachable, it is served (marked `X-Plaudit-Cache: stale`, with its Age) rather
// than an error; a URL never answered gets the kernel's 503 with Retry-After.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Middleware, ParameterizedContext } from 'koa';
import { type ApiServices, unavailableDependency } from '@plaudit/kernel';
import { reviewFeedOf } from '../shared/review-feed';
import { reviewInsightsOf } from '../shared/review-insights';
import { FeedListener } from './feed-listener';
import { ResponseLru, type CachedResponse } from './response-lru';
import { SharedAnswers } from './shared-answers';
import type { StorefrontAppState } from './shop-context';

/** How long the last good answer may stand in for one the database cannot give (a day). */
export const STALE_IF_ERROR_SECONDS = 86_400;
/** Browsers and shared caches (a CDN: s-maxage) alike keep an answer a minute: a moderation shows within it. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=60, s-maxage=60, stale-while-revalidate=600, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** ReviewFeed.channel of the reviews plugin; display-settings saves notify it too. */
const DEFAULT_CHANNEL = 'plaudit_review_feed';
/** Query parameters Shopify's app proxy adds (and signs): not part of what a response depends on. */
const PROXY_PARAMS = new Set(['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature']);
/** ...and ?locale=, which a key carries as the language it resolved to: 'de-CH' and 'de' share one answer. */
const KEY_SKIPS = new Set([...PROXY_PARAMS, 'locale']);

/** Headers that belong to one request or are written per answer, never replayed from a cached one. */
const PER_REQUEST = new Set([
  'x-request-id',
  'content-length',
  'content-type',
  'etag',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
]);

export { ResponseLru, type CachedResponse } from './response-lru';

/** Sorted query without the proxy's own parameters: the part of a URL a response depends on. */
export function canonicalQuery(query: Record<string, string | string[] | undefined>, skip = PROXY_PARAMS): string {
  const pairs: string[] = [];
  for (const k of Object.keys(query).sort()) {
    if (skip.has(k)) continue;
    const v = query[k];
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(one)}`);
  }
  return pairs.join('&');
}

/** Key of a storefront response: mount, shop, both versions, the language answered in, path and the meaningful query. */
export function responseKey(
  mount: string,
  shopId: number,
  versions: { feed: string; settings: string },
  lang: string,
  path: string,
  query: Record<string, string | string[] | undefined>,
): string {
  return `${mount}|${shopId}|${versions.feed}|${versions.settings}|${lang}|${path}|${canonicalQuery(query, KEY_SKIPS)}`;
}

/**
 * Where a storefront answer is shared between processes (shared-answers.ts): first pages only (no
 * cursor: the long tail is first pages; deeper pages stay in memory), under a key within the shop
 * without the versions (a row's label), or undefined when not shared.
 */
export function sharedKey(mount: string, lang: string, path: string, query: Record<string, string | string[] | undefined>): string | undefined {
  // numbered pages past the first (the public reviews page) are deep pages too
  if (query.after !== undefined || (query.page !== undefined && query.page !== '1')) return undefined;
  return `${mount}|${lang}|${path}|${canonicalQuery(query, KEY_SKIPS)}`;
}

export const versionsLabel = (versions: { feed: string; settings: string }) => `${versions.feed}|${versions.settings}`;

export function etagOf(body: Buffer): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
export function matches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

type StorefrontContext = ParameterizedContext<StorefrontAppState>;

/** Answers 304 when the shopper already has this ETag, else the body. */
export function answer(ctx: StorefrontContext, entry: CachedResponse) {
  ctx.set('ETag', entry.etag);
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && matches(ctx.get('If-None-Match'), entry.etag)) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  ctx.status = 200;
  ctx.type = entry.type;
  ctx.body = entry.body;
}

function serialize(ctx: StorefrontContext): CachedResponse | undefined {
  const body = ctx.body;
  let buf: Buffer;
  if (Buffer.isBuffer(body)) buf = body;
  else if (typeof body === 'string') buf = Buffer.from(body);
  else if (body && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
    buf = Buffer.from(JSON.stringify(body));
    ctx.type = 'application/json; charset=utf-8';
  } else return undefined;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(ctx.response.headers)) if (!PER_REQUEST.has(k) && v !== undefined) headers[k] = Array.isArray(v) ? v : String(v);
  return { body: buf, type: ctx.response.get('Content-Type') || 'application/octet-stream', etag: etagOf(buf), headers };
}

/**
 * Key of the last good answer: mount, shop and URL (its ?locale= as sent: the shop's locale may be
 * out of reach), without the versions (it outlives them).
 */
function lastGoodKey(ctx: StorefrontContext): string {
  const shop = ctx.state.proxy?.shopDomain ?? ''; // the direct mount has the shop in its path
  return `${ctx.state.proxy ? 'proxy' : 'direct'}|${shop}|${ctx.path}|${canonicalQuery(ctx.query as Record<string, string | string[]>)}`;
}

export class StorefrontCache {
  readonly responses: ResponseLru;
  /** the last 200 of each URL, never dropped by changes: served only while the database is unreachable */
  readonly lastGood: ResponseLru;
  private readonly generations = new Map<number, number>();
  private allGeneration = 0;
  private readonly dropListeners = new Set<(shopId: number | null) => void>();
  private listener?: FeedListener;
  readonly channel: string;
  /** ReviewInsights.channel: "What customers say" changed (absent without the insights plugin) */
  readonly insightsChannel?: string;
  /** first pages in PostgreSQL, for every process (absent without a database) */
  readonly shared?: SharedAnswers;

  constructor(
    private readonly services: Pick<ApiServices, 'config' | 'knex' | 'log' | 'capabilities'>,
    limits?: ResponseLru['limits'],
  ) {
    this.responses = new ResponseLru(limits);
    this.lastGood = new ResponseLru(limits);
    this.channel = reviewFeedOf(services).channel;
    this.insightsChannel = reviewInsightsOf(services)?.channel;
    if (services.config.database.url) this.shared = new SharedAnswers(services.knex, services.log);
    live.add(this);
  }

  /** True while notifications arrive: cached shop state needs no per-request version check. */
  get listening(): boolean {
    return !!this.listener?.listening;
  }

  async start() {
    if (this.listener || !this.services.config.database.url) return;
    live.add(this);
    this.listener = new FeedListener(
      this.services.config.database.url,
      this.insightsChannel ? [this.channel, this.insightsChannel] : [this.channel],
      this.services.knex,
      this.services.log,
      (shopId) => this.dropShop(shopId),
      () => this.dropAll(),
    );
    await this.listener.start();
    this.shared?.startPurge();
  }

  async stop() {
    live.delete(this);
    const listener = this.listener;
    this.listener = undefined;
    this.shared?.stopPurge();
    await listener?.stop();
  }

  /** Tests: lose the LISTEN connection (it reconnects by itself). */
  disconnectListener() {
    this.listener?.disconnect();
  }

  /** Shop state (shop-context.ts) follows the same drops. */
  onDrop(fn: (shopId: number | null) => void) {
    this.dropListeners.add(fn);
  }

  /** A counter per shop, bumped on every drop: a render begun before a drop must not be stored after it. */
  generation(shopId: number): number {
    return this.generations.get(shopId) ?? 0;
  }

  dropShop(shopId: number) {
    this.generations.set(shopId, this.generation(shopId) + 1);
    this.responses.dropShop(shopId);
    for (const fn of this.dropListeners) fn(shopId);
    // The rows' version labels already keep them from being served; deleting them also lets go of
    // text a change removed (a redacted review).
    this.shared?.dropShop(shopId).catch((err) => this.services.log.warn({ err: (err as Error).message, shopId }, 'storefront answers: shop not dropped'));
  }

  dropAll() {
    this.allGeneration++;
    this.responses.clear();
    for (const fn of this.dropListeners) fn(null);
  }

  /** Whether nothing of the shop was dropped since this call: what was read before may be kept. */
  unchangedSince(shopId: number): () => boolean {
    const [shop, all] = [this.generation(shopId), this.allGeneration];
    return () => this.generation(shopId) === shop && this.allGeneration === all;
  }

  keyOf(ctx: StorefrontContext): string {
    const s = ctx.state.storefront;
    return responseKey(s.mount, s.shop.id, s.versions, s.lang, ctx.path, ctx.query as Record<string, string | string[]>);
  }

  /**
   * Middleware for GET routes whose answer depends only on the shop and the URL: answered from
   * memory when cached (no database), else rendered by the route below and kept when it is a 200.
   */
  cached(): Middleware<StorefrontAppState> {
    return async (ctx, next) => {
      ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      const key = this.keyOf(ctx);
      const hit = this.responses.get(key);
      if (hit) {
        ctx.state.cacheHit = true;
        return answer(ctx, hit);
      }
      const s = ctx.state.storefront;
      const shopId = s.shop.id;
      const current = this.unchangedSince(shopId);
      const shared = this.shared && sharedKey(s.mount, s.lang, ctx.path, ctx.query as Record<string, string | string[]>);
      const label = versionsLabel(s.versions);
      // The fast lane looked already (sharedMisses): no second look-up for the same request.
      if (shared && !sharedMisses.has(ctx.req)) {
        const found = await this.shared!.get(shopId, shared, label).catch(() => undefined); // unreachable: render as without it
        if (found) {
          if (current()) {
            this.responses.set(key, shopId, found);
            this.lastGood.set(lastGoodKey(ctx), shopId, found);
          }
          ctx.state.cacheHit = true;
          return answer(ctx, found);
        }
      }
      await next();
      if (ctx.status !== 200) return;
      const entry = serialize(ctx);
      if (!entry) return;
      if (current()) {
        this.responses.set(key, shopId, entry);
        this.lastGood.set(lastGoodKey(ctx), shopId, entry); // the same buffers: little memory of its own
        if (shared)
          this.shared!.set(shopId, shared, label, entry).catch((err) =>
            this.services.log.warn({ err: (err as Error).message }, 'storefront answers: not shared'),
          );
      }
      answer(ctx, entry);
    };
  }

  /**
   * Middleware in front of the shop's context: a GET that fails because the database (or another
   * dependency) is unreachable is answered with the URL's last good answer, up to a day old; without
   * one the error goes on to the kernel, which answers 503 with Retry-After.
   */
  staleIfError(): Middleware<StorefrontAppState> {
    return async (ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      try {
        await next();
      } catch (err) {
        if (!unavailableDependency(err)) throw err;
        const kept = this.lastGood.get(lastGoodKey(ctx));
        const age = kept ? Math.floor((Date.now() - kept.storedAt) / 1000) : Infinity;
        if (!kept || age > STALE_IF_ERROR_SECONDS) throw err;
        this.services.log.warn({ err: (err as Error).message, path: ctx.path, age }, 'storefront: dependency unavailable, serving the last good answer');
        for (const [k, v] of Object.entries(kept.headers ?? {})) ctx.set(k, v);
        ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
        ctx.set('Age', String(age));
        ctx.set('X-Plaudit-Cache', 'stale');
        answer(ctx, kept);
      }
    };
  }
}

/** Requests whose shared answer the fast lane looked for and did not find (the app renders them). */
export const sharedMisses = new WeakSet<object>();

const caches = new WeakMap<object, StorefrontCache>();
/** Caches of this process, for invalidateShop's immediate local drop. */
const live = new Set<StorefrontCache>();

/** One cache per API runtime (publicRoutes and onStart receive the same services). */
export function storefrontCache(services: ApiServices): StorefrontCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new StorefrontCache(services)));
  return cache;
}

/**
 * Drops a shop's cached storefront responses everywhere: in this process at once, in every other
 * API process through the feed channel (display-settings saves call it).
 */
export async function invalidateShop(knex: Knex, shopId: number): Promise<void> {
  for (const cache of live) cache.dropShop(shopId);
  // tenancy: no rows read or written; the notification names the shop
  await knex.raw('SELECT pg_notify(?, ?)', [DEFAULT_CHANNEL, String(shopId)]);
}
