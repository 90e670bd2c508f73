// Storefront responses are the same for every shopper of a shop until its reviews or its settings
// change, so they are kept in process (an LRU bounded in entries and bytes) and answered with an
// ETag, `Cache-Control: public, max-age=60, stale-while-revalidate=600` and 304s. A LISTEN
// connection on the review feed's channel (feed-listener.ts) drops a shop's entries the moment a
// write commits; while that connection is down every request checks the shop's versions instead
// (see shop-context.ts).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Middleware, ParameterizedContext } from 'koa';
import type { ApiServices } from '../../../api/plugins/types';
import { FeedListener } from './feed-listener';
import type { StorefrontAppState } from './shop-context';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** ReviewFeed.channel of the reviews plugin; display-settings saves notify it too. */
const DEFAULT_CHANNEL = 'plaudit_review_feed';
/** Query parameters Shopify's app proxy adds (and signs): not part of what a response depends on. */
const PROXY_PARAMS = new Set(['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature']);

export interface CachedResponse {
  body: Buffer;
  type: string;
  etag: string;
  /** the response's other headers as the whole stack set them (security headers, Cache-Control), for the fast lane */
  headers?: Record<string, string | string[]>;
}

/** Headers that belong to one request or are written per answer, never replayed from a cached one. */
const PER_REQUEST = new Set(['x-request-id', 'content-length', 'content-type', 'etag', 'access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers']);

interface Slot extends CachedResponse {
  shopId: number;
}

/** Least recently used first out, within both bounds; one entry never takes more than maxEntryBytes. */
export class ResponseLru {
  private readonly slots = new Map<string, Slot>();
  private readonly byShop = new Map<number, Set<string>>();
  bytes = 0;

  constructor(readonly limits = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024, maxEntryBytes: 1024 * 1024 }) {}

  get size() {
    return this.slots.size;
  }

  get(key: string): CachedResponse | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot;
  }

  set(key: string, shopId: number, value: CachedResponse) {
    const cost = value.body.length + key.length;
    if (cost > this.limits.maxEntryBytes) return;
    this.delete(key);
    this.slots.set(key, { ...value, shopId });
    this.bytes += cost;
    let keys = this.byShop.get(shopId);
    if (!keys) this.byShop.set(shopId, (keys = new Set()));
    keys.add(key);
    while (this.slots.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.delete(this.slots.keys().next().value!);
    }
  }

  delete(key: string) {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.bytes -= slot.body.length + key.length;
    const keys = this.byShop.get(slot.shopId);
    keys?.delete(key);
    if (keys && !keys.size) this.byShop.delete(slot.shopId);
  }

  dropShop(shopId: number) {
    for (const key of [...(this.byShop.get(shopId) ?? [])]) this.delete(key);
  }

  entriesOf(shopId: number): number {
    return this.byShop.get(shopId)?.size ?? 0;
  }

  clear() {
    this.slots.clear();
    this.byShop.clear();
    this.bytes = 0;
  }
}

/** Sorted query without the proxy's own parameters: the part of a URL a response depends on. */
export function canonicalQuery(query: Record<string, string | string[] | undefined>): string {
  const pairs: string[] = [];
  for (const k of Object.keys(query).sort()) {
    if (PROXY_PARAMS.has(k)) continue;
    const v = query[k];
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(one)}`);
  }
  return pairs.join('&');
}

/** Key of a storefront response: mount, shop, both versions, path and the meaningful query. */
export function responseKey(mount: string, shopId: number, versions: { feed: string; settings: string }, path: string, query: Record<string, string | string[] | undefined>): string {
  return `${mount}|${shopId}|${versions.feed}|${versions.settings}|${path}|${canonicalQuery(query)}`;
}

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

export class StorefrontCache {
  readonly responses: ResponseLru;
  private readonly generations = new Map<number, number>();
  private allGeneration = 0;
  private readonly dropListeners = new Set<(shopId: number | null) => void>();
  private listener?: FeedListener;
  readonly channel: string;

  constructor(private readonly services: Pick<ApiServices, 'config' | 'knex' | 'log' | 'reviewFeed'>, limits?: ResponseLru['limits']) {
    this.responses = new ResponseLru(limits);
    this.channel = services.reviewFeed?.channel ?? DEFAULT_CHANNEL;
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
      this.services.config.database.url, this.channel, this.services.knex, this.services.log,
      (shopId) => this.dropShop(shopId), () => this.dropAll(),
    );
    await this.listener.start();
  }

  async stop() {
    live.delete(this);
    const listener = this.listener;
    this.listener = undefined;
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
  }

  dropAll() {
    this.allGeneration++;
    this.responses.clear();
    for (const fn of this.dropListeners) fn(null);
  }

  keyOf(ctx: StorefrontContext): string {
    const s = ctx.state.storefront;
    return responseKey(s.mount, s.shop.id, s.versions, ctx.path, ctx.query as Record<string, string | string[]>);
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
      const shopId = ctx.state.storefront.shop.id;
      const before = [this.generation(shopId), this.allGeneration];
      await next();
      if (ctx.status !== 200) return;
      const entry = serialize(ctx);
      if (!entry) return;
      if (this.generation(shopId) === before[0] && this.allGeneration === before[1]) this.responses.set(key, shopId, entry);
      answer(ctx, entry);
    };
  }
}

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
