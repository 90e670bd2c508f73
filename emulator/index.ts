// The store emulator: a local stand-in for Shopify (like LocalStack for AWS) that speaks Shopify's
// wire format, so the app's real adapter works against it with only its URLs rewritten:
// https://<shop>/<path> is served at `${url}/shops/<shop>/<path>`, and the demo shop's storefront
// at the root. See emulator/README.md for what it covers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { appProxyRouter, isProxyPath } from './app-proxy';
import { billingRouter } from './billing';
import { checkoutRouter } from './checkout';
import type { EmulatorContext } from './context';
import { appBridgeRouter } from './app-bridge';
import { controlRouter } from './control';
import { adminApiRouter } from './graphql/endpoint';
import { oauthRouter } from './oauth';
import { EmulatorStore } from './store';
import { storefrontRouter } from './storefront';
import { themeEditorRouter } from './theme-editor';
import { keepIdleConnections } from './keep-alive';
import type { Logger } from './types';
import { DEFAULT_RETRY_DELAYS_MS, WebhookSender } from './webhooks';

export { DEMO_SHOP, DEMO_SISTER_SHOP, DEV_SHOP } from './seed';
export { EmulatorStore } from './store';
export { appProxySignature } from './app-proxy';

export const EMULATOR_API_KEY = 'plaudit-emulator-key';
export const EMULATOR_API_SECRET = 'plaudit-emulator-secret';

export interface EmulatorOptions {
  port: number; // 0 = ephemeral
  apiKey: string; // the app's client id as registered with the emulator
  apiSecret: string; // the app's client secret (HMACs, session tokens)
  appUrl: string; // where the app listens: OAuth redirects, `${appUrl}/webhooks`, `${appUrl}/storefront/proxy`
  dataDir?: string; // persist to `${dataDir}/emulator/state.json`; omit for in-memory
  webhookRetryDelaysMs?: number[]; // default 1 s, 5 s, 30 s, 2 min, ... up to 8 retries
  log?: Logger;
  /**
   * Where ids start (default 2^53 + 1). Shopify's ids are unique across every shop; emulators that
   * write into one database (test files running side by side) each start elsewhere, as if one Shopify.
   */
  firstId?: bigint;
}

export interface RunningEmulator {
  url: string;
  port: number;
  store: EmulatorStore;
  /** the webhook sender and its delivery log (tests wait on `webhooks.idle()`) */
  webhooks: WebhookSender;
  stop(): Promise<void>;
}

const silent: Logger = { info() {}, warn() {}, debug() {} };

export async function startEmulator(o: EmulatorOptions): Promise<RunningEmulator> {
  const log = o.log ?? silent;
  const store = EmulatorStore.open(o.dataDir, log, o.firstId);
  const appUrl = o.appUrl.replace(/\/+$/, '');
  const webhooks = new WebhookSender(appUrl, o.apiSecret, log, o.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);
  const em: EmulatorContext = { store, apiKey: o.apiKey, apiSecret: o.apiSecret, appUrl, log, webhooks };

  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      if (status >= 500) log.warn({ err: (err as Error).message, path: ctx.path }, 'store emulator: request failed');
      ctx.status = status;
      ctx.body =
        status === 400 && ctx.path.endsWith('/graphql.json')
          ? { errors: { query: 'Required parameter missing or invalid' } }
          : { error: status >= 500 ? 'internal error' : (err as Error).message };
    }
  });
  // App-proxy bodies stay raw (uploads, any content type); everything else is JSON, form or GraphQL text.
  const parser = bodyParser({ enableTypes: ['json', 'form', 'text'], extendTypes: { text: ['application/graphql'] }, jsonLimit: '2mb' });
  app.use((ctx, next) => (isProxyPath(ctx.path) ? next() : parser(ctx, next)));
  for (const router of [
    controlRouter(em),
    appBridgeRouter(em),
    oauthRouter(em),
    adminApiRouter(em),
    billingRouter(em),
    themeEditorRouter(em),
    appProxyRouter(em),
    // before the storefront's: its /:locale pages would take /checkout
    checkoutRouter(em),
    storefrontRouter(em),
  ]) {
    app.use(router.routes()).use(router.allowedMethods());
  }

  const server = http.createServer(app.callback());
  keepIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  store.baseUrl = url;
  log.info({ url, shops: store.shops().map((s) => s.domain) }, 'store emulator listening');

  return {
    url,
    port,
    store,
    webhooks,
    async stop() {
      webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.flush();
    },
  };
}
