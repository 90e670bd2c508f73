// The Koa host: kernel middleware, kernel routes, then every plugin's routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import createHttpError from 'http-errors';
import { authenticate } from '../auth/authenticate';
import type { Authenticator } from '../auth/context';
import { healthRoutes } from '../health';
import type { ApiPlugin, ApiServices } from '../plugins/types';
import { savedViewRoutes } from '../saved-views/routes';
import { shopRoutes } from '../shops/routes';
import { platformApiRoutes, platformPublicRoutes } from '../platform/wiring';
import { adminStatic, appBridgeFor } from './admin-static';
import { errorHandler } from './errors';
import { rejectUnsafeText } from './input';
import { requestContext } from './request-context';
import { appCors, securityHeaders } from './security';
import { requestTimeout } from './timeout';
import type { AppContext, AppState } from './types';

export interface AppOptions {
  services: ApiServices;
  plugins: ApiPlugin[];
  authenticators: Authenticator[];
  /** origins allowed to call the API from a browser besides APP_URL */
  extraOrigins?: string[];
}

export interface BuiltApp {
  app: Koa<AppState>;
  /** every authenticated route, for the tenancy test and ops listings */
  apiRouter: Router<AppState>;
  /** every unauthenticated router (health, platform, plugins' public routes), for the bad-input sweep */
  publicRouters: Router<AppState>[];
}

export function createApp({ services, plugins, authenticators, extraOrigins = [] }: AppOptions): BuiltApp {
  const { config, log, knex, temporal, events } = services;
  // X-Forwarded-* are believed only as far as our own proxies go (TRUSTED_PROXY_HOPS).
  const hops = config.trustedProxyHops;
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });

  for (const plugin of plugins) {
    for (const { event, handler } of plugin.on ?? []) events.on(event, handler);
  }

  // What Koa reports after the answer left the middleware (errorHandler answers everything before):
  // a client gone while its body streamed ("Premature close", ECONNRESET, a request cut mid-body). One
  // line in the request's log, instead of Koa's default print to stderr.
  app.on('error', (err: NodeJS.ErrnoException, ctx?: AppContext) =>
    (ctx?.state.log ?? log).info({ err: err.message, code: err.code, path: ctx?.path }, 'the connection ended before the answer was sent'),
  );
  app.use(requestContext(log));
  app.use(errorHandler);
  app.use(securityHeaders(extraOrigins));
  app.use(appCors([config.appUrl, ...extraOrigins]));
  app.use(requestTimeout(config.requestTimeoutMs));
  const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' });
  // Webhooks are verified over their raw bytes, so their body is read by their route.
  app.use((ctx, next) => (ctx.path === '/webhooks' ? next() : parseJson(ctx, next)));
  app.use(rejectUnsafeText);

  const publicApi = new Router<AppState>({ prefix: '/api' });
  publicApi.use(healthRoutes(knex, temporal).routes());
  const publicRouters = [publicApi, ...platformPublicRoutes(services), ...plugins.flatMap((p) => (p.publicRoutes ? [p.publicRoutes(services)] : []))];
  for (const router of publicRouters) app.use(router.routes()).use(router.allowedMethods());

  const api = new Router<AppState>({ prefix: '/api' });
  api.use(authenticate(authenticators));
  api.use(shopRoutes(config, events).routes());
  api.use(savedViewRoutes().routes());
  for (const router of platformApiRoutes(services)) api.use(router.routes());
  for (const plugin of plugins) {
    if (plugin.routes) api.use(plugin.routes(services).routes());
  }
  app.use(api.routes()).use(api.allowedMethods({ throw: true, notImplemented: () => createHttpError(501), methodNotAllowed: () => createHttpError(405) }));

  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw createHttpError(404, 'Not found');
    return next();
  });
  app.use(adminStatic(config.adminDist, appBridgeFor(config)));

  // Plugins' fast lanes (the storefront's cached reads) see each request before Koa does.
  const lanes = plugins.flatMap((p) => (p.fastLane ? [p.fastLane(services)] : []));
  if (lanes.length) {
    const koaCallback = app.callback.bind(app);
    app.callback = () => {
      const handle = koaCallback();
      return (async (req: IncomingMessage, res: ServerResponse) => {
        for (const lane of lanes) {
          const answered = lane(req, res);
          // a lane answering later decides alone whether the app gets the request
          if (answered === true || (answered !== false && (await answered))) return;
          if (answered !== false) break;
        }
        return handle(req, res);
      }) as typeof handle;
    };
  }
  return { app, apiRouter: api, publicRouters };
}
