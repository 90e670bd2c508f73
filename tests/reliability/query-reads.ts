// Which query names a route's code reads, so the bad-input sweep sends a bad value only where a route
// can see it: a name the route never reads cannot change its answer (the app's global middleware, which
// walks every value for NUL and unpaired surrogates, runs before the routers for every name alike: it
// is swept through the names the routes do read). Each layer of the
// routers gets a first middleware that, for the first layer of a request, puts a Proxy in front of
// ctx.query: every name read (read as absent too) is noted for the matched route; enumerating the
// query (a signature over all of it, Object.entries) notes '*', every name. The layers' middleware
// lists are composed per request by @koa/router, so this takes effect on a running API and is undone
// by `stop()`.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppState } from '../../api/http/types';

/** noted when a route enumerates its query: it sees every name */
const EVERY_NAME = '*';

interface RouteKey {
  method: string;
  path: string;
}

export interface QueryReads {
  /** names read by `METHOD /path` over the requests seen, undefined when none of its code ran */
  of(route: RouteKey): Set<string> | undefined;
  /**
   * Whether the route can see `name`: it read it, enumerated the whole query, or ran none of its own
   * code (nothing learned: every name). The storefront's routes are also answered by its fast lane,
   * which reads the query before Koa does: every name.
   */
  sees(route: RouteKey, name: string): boolean;
  stop(): void;
}

export function recordQueryReads(routers: Router<AppState>[]): QueryReads {
  const byRoute = new Map<string, Set<string>>();
  const perRequest = new WeakMap<object, Set<string>>();
  const note: Middleware = async (ctx, next) => {
    if (perRequest.has(ctx)) return next();
    const names = new Set<string>();
    perRequest.set(ctx, names);
    const query = new Proxy(ctx.request.query, {
      get(target, name, receiver) {
        if (typeof name === 'string') names.add(name);
        return Reflect.get(target, name, receiver);
      },
      has(target, name) {
        if (typeof name === 'string') names.add(name);
        return Reflect.has(target, name);
      },
      ownKeys(target) {
        names.add(EVERY_NAME);
        return Reflect.ownKeys(target);
      },
    });
    Object.defineProperty(ctx.request, 'query', { configurable: true, get: () => query });
    try {
      return await next();
    } finally {
      const key = `${ctx.method} ${(ctx as { _matchedRoute?: string })._matchedRoute}`;
      byRoute.set(key, new Set([...(byRoute.get(key) ?? []), ...names]));
    }
  };
  const layers = routers.flatMap((router) => router.stack);
  for (const layer of layers) layer.stack.unshift(note);
  const of = (route: RouteKey) => byRoute.get(`${route.method} ${route.path}`);
  return {
    of,
    sees: (route, name) => {
      const read = of(route);
      return !read || read.has(EVERY_NAME) || read.has(name) || route.path.startsWith('/storefront/');
    },
    stop: () => {
      for (const layer of layers) if (layer.stack[0] === note) layer.stack.shift();
    },
  };
}
