// Test support for the store emulator: the emulator in-process on an ephemeral port, and a tiny
// HTTP "app" standing in for Plaudit that records webhooks and app-proxy calls and answers them as
// each test tells it to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SHOP, EMULATOR_API_KEY, EMULATOR_API_SECRET, startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { waitDeadline } from '../support/eventually';

export const API_KEY = EMULATOR_API_KEY;
export const API_SECRET = EMULATOR_API_SECRET;
export { DEMO_SHOP };

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface AppReply {
  status: number;
  body?: string;
  type?: string;
}

export interface FakeApp {
  url: string;
  webhooks: ReceivedRequest[];
  proxied: ReceivedRequest[];
  /** statuses for the next webhook deliveries, in order (then 200) */
  webhookStatuses: number[];
  /** answers app-proxy calls; default 404 */
  proxyHandler: (r: ReceivedRequest) => AppReply;
  /** extra routes (OAuth begin/callback in tests that use the Shopify library) */
  routes: Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>>;
  close(): Promise<void>;
}

export async function startFakeApp(): Promise<FakeApp> {
  const app: Omit<FakeApp, 'url' | 'close'> = {
    webhooks: [],
    proxied: [],
    webhookStatuses: [],
    proxyHandler: () => ({ status: 404, body: 'not found' }),
    routes: new Map(),
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://app.test');
    const route = app.routes.get(url.pathname);
    if (route) return route(req, res);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const r: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    if (url.pathname === '/webhooks') {
      app.webhooks.push(r);
      res.statusCode = app.webhookStatuses.shift() ?? 200;
      return res.end();
    }
    if (url.pathname.startsWith('/storefront/proxy')) {
      app.proxied.push(r);
      const reply = app.proxyHandler(r);
      res.statusCode = reply.status;
      if (reply.type) res.setHeader('Content-Type', reply.type);
      return res.end(reply.body ?? '');
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(app, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

export interface TestEmulator {
  em: RunningEmulator;
  app: FakeApp;
  /** `${emulator}/shops/<shop><path>` */
  shopUrl(path: string, shop?: string): string;
  stop(): Promise<void>;
}

export async function startTestEmulator(o: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const app = await startFakeApp();
  const em = await startEmulator({ port: 0, apiKey: API_KEY, apiSecret: API_SECRET, appUrl: app.url, webhookRetryDelaysMs: [30, 30, 30], ...o });
  return {
    em,
    app,
    shopUrl: (path, shop = DEMO_SHOP) => `${em.url}/shops/${shop}${path}`,
    stop: async () => {
      await em.stop();
      await app.close();
    },
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function sessionToken(t: TestEmulator, shop = DEMO_SHOP, userId?: string): Promise<string> {
  return (await postJson(`${t.em.url}/_emulator/session-token`, { shop, userId })).json.token;
}

/** An offline access token by token exchange, the way the embedded app gets one. */
export async function offlineToken(t: TestEmulator, shop = DEMO_SHOP, expiring = true): Promise<any> {
  const r = await postJson(t.shopUrl('/admin/oauth/access_token', shop), {
    client_id: API_KEY,
    client_secret: API_SECRET,
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: await sessionToken(t, shop),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    expiring: expiring ? '1' : '0',
  });
  if (r.status !== 200) throw new Error(`token exchange failed: ${r.text}`);
  return r.json;
}

export function gqlClient(t: TestEmulator, token: string, shop = DEMO_SHOP) {
  return (query: string, variables: Record<string, unknown> = {}) =>
    postJson(t.shopUrl('/admin/api/2025-10/graphql.json', shop), { query, variables }, { 'X-Shopify-Access-Token': token });
}

type Falsy = false | null | undefined | 0 | '';

/** Polls until `fn` returns something truthy (or stops throwing), and returns that; its deadline is waitDeadline's. */
export async function eventually<T>(fn: () => T | Falsy | Promise<T | Falsy>, timeoutMs = 5_000): Promise<T> {
  const until = waitDeadline(timeoutMs);
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
      if (performance.now() > until) throw new Error('condition not met in time');
    } catch (err) {
      if (performance.now() > until) throw err;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
