// The storefront's hot path: a GET whose answer is already in the in-process cache, or for a first
// page in the shared one (shared-answers.ts, one look-up), for a shop whose state is in memory and
// kept fresh by notifications, is answered before Koa and the kernel's middleware see it
// (bench/storefront-throughput.ts measured that stack at several times the cost of the answer
// itself). Same key, same bytes and the same headers as the full stack gave when it cached the
// answer; a request id per answer; logged at debug. Anything else (a miss in both, a proxy
// signature that does not verify, a shop not loaded, a request with our own Origin, an error) is
// left to the app, which answers it fully.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { type ApiServices, type FastLane, isValidAppProxyRequest } from '@plaudit/kernel';
import { type CachedResponse, matches, PUBLIC_CACHE_CONTROL, responseKey, sharedKey, sharedMisses, storefrontCache, versionsLabel } from './cache';
import type { ShopStates } from './shop-context';
import { shopperLanguage } from './storefront-text';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;
const PROXY = '/storefront/proxy/';
const DIRECT = /^\/storefront\/shops\/([^/]+)\//;

export function storefrontFastLane(services: ApiServices, shops: ShopStates): FastLane {
  const cache = storefrontCache(services);
  const secret = services.config.shopify.apiSecret;
  const { log } = services;
  // Requests from the app's own origins get CORS headers from the kernel: the full stack's job.
  const ownOrigins = new Set([services.config.appUrl, services.config.shopify.emulatorUrl].filter((u): u is string => !!u).map((u) => new URL(u).origin));

  /** Writes a kept answer (or its 304). */
  function send(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedResponse & { headers: Record<string, string | string[]> },
    mount: string,
    path: string,
    domain: string,
    tier: string,
  ) {
    const inbound = req.headers['x-request-id'];
    const requestId = typeof inbound === 'string' && SAFE_ID.test(inbound) ? inbound : crypto.randomUUID();
    const headers: Record<string, string | string[] | number> = {
      ...entry.headers,
      'cache-control': PUBLIC_CACHE_CONTROL,
      etag: entry.etag,
      'x-request-id': requestId,
    };
    if (mount === 'direct') headers['access-control-allow-origin'] = '*';
    const notModified = matches(String(req.headers['if-none-match'] ?? ''), entry.etag);
    if (notModified) {
      res.writeHead(304, headers);
      res.end();
    } else {
      headers['content-type'] = entry.type;
      headers['content-length'] = entry.body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : entry.body);
    }
    if (log.isLevelEnabled('debug')) log.debug({ requestId, method: req.method, path, status: notModified ? 304 : 200, shop: domain, cache: tier }, 'request');
  }

  function failed(res: ServerResponse, err: unknown): boolean {
    log.warn({ err: (err as Error).message }, 'storefront fast lane failed');
    // Before writeHead every step only reads: the app answers instead. After it, the answer is lost.
    if (!res.headersSent) return false;
    res.destroy();
    return true;
  }

  return (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '';
      if (!url.startsWith('/storefront/')) return false;
      const origin = req.headers.origin;
      if (origin && ownOrigins.has(origin)) return false;
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const query = querystring.parse(q === -1 ? '' : url.slice(q + 1)) as Record<string, string | string[] | undefined>;
      let mount: 'proxy' | 'direct';
      let domain: string;
      if (path.startsWith(PROXY)) {
        if (!secret || !isValidAppProxyRequest(query, secret) || typeof query.shop !== 'string') return false;
        mount = 'proxy';
        domain = query.shop;
      } else {
        const m = DIRECT.exec(path);
        if (!m) return false;
        mount = 'direct';
        domain = m[1].toLowerCase();
      }
      const state = shops.peek(domain);
      if (!state) return false;
      const lang = shopperLanguage(query.locale, state.shop.locale);
      const shopId = state.shop.id;
      const key = responseKey(mount, shopId, state.versions, lang, path, query);
      const entry = cache.responses.get(key);
      if (entry?.headers) {
        send(req, res, { ...entry, headers: entry.headers }, mount, path, domain, 'hit');
        return true;
      }
      const shared = cache.shared && sharedKey(mount, lang, path, query);
      if (!shared) return false;
      const current = cache.unchangedSince(shopId);
      return cache.shared!.get(shopId, shared, versionsLabel(state.versions)).then(
        (found) => {
          if (!found?.headers) {
            sharedMisses.add(req); // the app renders it without looking again
            return false;
          }
          try {
            if (current()) cache.responses.set(key, shopId, found);
            send(req, res, { ...found, headers: found.headers }, mount, path, domain, 'shared');
            return true;
          } catch (err) {
            return failed(res, err);
          }
        },
        (err) => failed(res, err),
      );
    } catch (err) {
      return failed(res, err);
    }
  };
}
