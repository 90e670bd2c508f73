// PostgreSQL stopped while the storefront is read: a test API reaches the run's PostgreSQL through a
// TCP proxy; once the proxy is cut, widgets already read are served from their last good answer
// (stale, marked so, never a 500) and a URL never read answers 503 with Retry-After. With the
// database back, fresh answers return.
import { databaseUrlAt, eventually, startTestApi, tcpProxy, type TcpProxy, type TestApi } from '@plaudit/kernel/testing';
import { storefrontCache } from '../api/cache';
import { createReviews, listenersDone, productGid, shopWithClient } from './feed-helpers';

let proxy: TcpProxy;
let api: TestApi;
let direct: string;
let shopId: number;
const cache = () => storefrontCache(api.runtime.services);

beforeAll(async () => {
  const real = new URL(process.env.DATABASE_URL!);
  proxy = await tcpProxy({ host: real.hostname, port: Number(real.port) });
  api = await startTestApi({ DATABASE_URL: databaseUrlAt(proxy.port) });
  const { shop, http } = await shopWithClient(api);
  // its ReviewCreated listeners' writes (the detected language) would drop what the test reads before the cut
  await listenersDone(api, await createReviews(http, [{ productId: productGid(77), content: 'Warm and soft' }]));
  direct = `${api.url}/storefront/shops/${shop.shopifyDomain}`;
  shopId = shop.id;
});

afterAll(async () => {
  await proxy.restore();
  await api.close();
  await proxy.close();
});

const get = (path: string) => fetch(direct + path);
const WIDGET = '/widgets/review-box?product_id=77&scripts=0';
const JSON_READ = '/api/products/77/reviews';

test('stale content while the database is down, 503 with Retry-After for what was never read, fresh again once it is back', async () => {
  // Read until both answers are kept: an answer read while a feed change is still arriving (the new
  // review's own after-commit work) is served but not kept, and could not be served stale later.
  const { widgetHtml, jsonBody } = await eventually(async () => {
    const [widget, json] = [await get(WIDGET), await get(JSON_READ)];
    const read = { widgetHtml: await widget.text(), jsonBody: await json.text() };
    return widget.status === 200 && json.status === 200 && cache().responses.entriesOf(shopId) >= 2 && read;
  });
  expect(widgetHtml).toContain('Warm and soft');

  await proxy.cut();
  // The LISTEN connection notices; losing it must not flush what is cached.
  await eventually(async () => !cache().listening);
  expect(cache().responses.entriesOf(shopId)).toBeGreaterThan(0);

  const started = Date.now();
  const staleWidget = await get(WIDGET);
  const staleMs = Date.now() - started;
  expect(staleWidget.status).toBe(200);
  expect(await staleWidget.text()).toBe(widgetHtml);
  expect(staleWidget.headers.get('x-plaudit-cache')).toBe('stale');
  expect(staleWidget.headers.get('cache-control')).toContain('stale-if-error=86400');
  expect(Number(staleWidget.headers.get('age'))).toBeGreaterThanOrEqual(0);
  const staleJson = await get(JSON_READ);
  expect(staleJson.status).toBe(200);
  expect(await staleJson.text()).toBe(jsonBody);
  expect(staleJson.headers.get('x-plaudit-cache')).toBe('stale');

  const never = await get('/api/products/78/reviews');
  expect(never.status).toBe(503);
  expect(Number(never.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(never.headers.get('cache-control')).toBe('no-store');
  const body = await never.json();
  expect(body).toMatchObject({ success: false, code: 'DEPENDENCY_UNAVAILABLE' });
  expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|terminated|knex|pg|at \w/i);
  console.log(`storefront with PostgreSQL cut: stale answer in ${staleMs} ms`);

  await proxy.restore();
  // Back up: the storefront answers from the database again, not marked stale.
  const fresh = await eventually(
    async () => {
      const res = await get('/api/products/78/reviews');
      return res.status === 200 && res;
    },
    60_000,
    100,
  );
  expect(fresh.headers.get('x-plaudit-cache')).toBeNull();
  await eventually(async () => cache().listening); // the LISTEN connection is back as well
});
