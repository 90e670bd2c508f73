// The marketplace emulator: AliExpress and Amazon as the app's marketplace import reaches them, with
// their real response shapes, so the adapters (plugins/imports/marketplaces) run unchanged but for one
// URL rewrite: https://<host>/<path> is served at `${url}/hosts/<host>/<path>`. Also serves an image for
// any image path on any host. See README.md for what it covers and where each shape comes from.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { searchEvaluation, isAliExpressPageHost, productPage as aliexpressPage } from './aliexpress';
import { asinInPath, botCheck, isAmazonHost, notFound, productPage as amazonPage, productReviews } from './amazon';
import { image, isImagePath } from './images';
import { keepIdleConnections } from '../keep-alive';
import { MARKETPLACE_FIXTURES } from './seed';
import type { Answer } from './types';

export { MARKETPLACE_FIXTURES, NEWEST_REVIEW_DATE, DEFAULT_REVIEW_COUNT, seedProduct, type SeedReview, type SeedProduct } from './seed';
export { REVIEWS_PER_PAGE as AMAZON_REVIEWS_PER_PAGE } from './amazon';

export interface MarketplaceEmulatorOptions {
  port: number; // 0 = ephemeral
  log?: { info(...a: unknown[]): void; warn(...a: unknown[]): void };
}

/** One request the emulator answered under /hosts, as the real web would have seen it. */
export interface ReceivedRequest {
  method: string;
  host: string;
  path: string;
  query: Record<string, string>;
  /** the original URL: `https://<host><path>?<query>` */
  url: string;
}

export interface RunningMarketplaceEmulator {
  url: string;
  port: number;
  /** the requests answered under /hosts, oldest first (the last 10,000) */
  received: ReceivedRequest[];
  /** make Amazon answer its bot check for this ASIN (`status` 503 or 200), or stop (`on: false`) */
  botCheck(asin: string, o?: { status?: number; on?: boolean }): void;
  stop(): Promise<void>;
}

const KEEP_RECEIVED = 10_000;
const text = (status: number, body: string): Answer => ({ status, type: 'text/plain;charset=UTF-8', body });
const json = (status: number, body: unknown): Answer => ({ status, type: 'application/json', body: JSON.stringify(body) });

export async function startMarketplaceEmulator(o: MarketplaceEmulatorOptions): Promise<RunningMarketplaceEmulator> {
  const received: ReceivedRequest[] = [];
  // ASIN -> the status of its bot check; the fixture ASIN always gets one
  const botChecks = new Map<string, number>([[MARKETPLACE_FIXTURES.amazon.botCheck, 503]]);
  const setBotCheck = (asin: string, c: { status?: number; on?: boolean } = {}) => {
    if (c.on === false) botChecks.delete(asin);
    else botChecks.set(asin, c.status === 200 ? 200 : 503);
  };

  async function hosts(method: string, host: string, path: string, url: URL): Promise<Answer> {
    const query = url.searchParams;
    received.push({ method, host, path, query: Object.fromEntries(query), url: `https://${host}${path}${url.search}` });
    if (received.length > KEEP_RECEIVED) received.shift();
    if (isImagePath(path)) return image(host, path);
    if (host === 'feedback.aliexpress.com' && path === '/pc/searchEvaluation.do') return searchEvaluation(query);
    if (isAliExpressPageHost(host)) return aliexpressPage(path) ?? text(404, 'Not Found');
    if (isAmazonHost(host)) {
      const asin = asinInPath(path);
      const check = asin && botChecks.get(asin);
      if (check) return botCheck(check);
      return productReviews(path, query) ?? amazonPage(path) ?? notFound();
    }
    return text(404, `The marketplace emulator does not serve ${host}${path}`);
  }

  async function control(method: string, path: string, body: string): Promise<Answer> {
    if (method === 'GET' && path === '/received') return json(200, received);
    if (method !== 'POST') return text(405, 'Method Not Allowed');
    const input = body ? JSON.parse(body) : {};
    if (path === '/reset') {
      received.length = 0;
      botChecks.clear();
      botChecks.set(MARKETPLACE_FIXTURES.amazon.botCheck, 503);
      return json(200, { ok: true });
    }
    if (path === '/bot-check') {
      if (typeof input.asin !== 'string' || !/^[A-Z0-9]{10}$/.test(input.asin)) return json(400, { error: 'asin: a 10-character ASIN is required' });
      setBotCheck(input.asin, input);
      return json(200, { asin: input.asin, on: botChecks.has(input.asin), status: botChecks.get(input.asin) ?? null });
    }
    return text(404, 'Not Found');
  }

  async function answer(req: http.IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const m = /^\/hosts\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (m) {
      if (method !== 'GET' && method !== 'HEAD') return text(405, 'Method Not Allowed');
      return hosts(method, m[1].toLowerCase(), m[2] ?? '/', url);
    }
    if (url.pathname.startsWith('/_control/')) {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      return control(method, url.pathname.slice('/_control'.length), Buffer.concat(chunks).toString('utf8'));
    }
    return text(404, 'The marketplace emulator serves https://<host>/<path> at /hosts/<host>/<path>');
  }

  const server = http.createServer((req, res) => {
    answer(req)
      .catch((err: Error): Answer => {
        o.log?.warn({ err: err.message, url: req.url }, 'marketplace emulator: request failed');
        return text(err instanceof SyntaxError ? 400 : 500, err.message);
      })
      .then((a) => {
        res.writeHead(a.status, { 'content-type': a.type, 'content-length': Buffer.byteLength(a.body) });
        res.end(a.body);
      });
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  o.log?.info({ url }, 'marketplace emulator listening');

  return {
    url,
    port,
    received,
    botCheck: setBotCheck,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
