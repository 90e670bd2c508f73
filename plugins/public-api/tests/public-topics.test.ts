// Review topics in the public API (issue 35, deliverable 6), on the real stack (API, the shared worker's
// durable events and insights' batching workflow, PostgreSQL, Temporal) and a local receiver: reviews
// written in the admin are read into topics, an integrator lists them per product and for the shop with
// a `reviews:read` key, and a `topics.updated` subscriber is told which products changed. Another shop
// sees none of it; bad input is a 400 and a key without the scope a 403. Without the insights plugin
// neither the operation nor the topic exists (tests/integration/plugin-removal.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { client, createShop, eventually, startTestApi, withPlugins, type TestApi } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

const V1 = '/api/public/v1';
const PRODUCT = 'gid://shopify/Product/3571';
let api: TestApi;
let receiver: http.Server;
let base: string;
const received: { path: string; body: { topic: string; shopDomain: string; data: Record<string, unknown> } }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  api = await startTestApi();
}, 120_000);
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** An enterprise shop, its admin client and a public API key with `scopes`. */
async function integrator(scopes: string[]) {
  const { shop, token } = await createShop(api, { plan: 'enterprise' });
  const admin = client(api.url, token);
  const created = await admin.post('/api/api-keys', { name: 'Topics', scopes });
  expect(created.status).toBe(201);
  return { domain: shop.shopifyDomain as string, admin, key: client(api.url, created.body.key) };
}

withPlugins('insights')('topics are listed per product and for the shop, and topics.updated names the products that changed', async () => {
  const shop = await integrator(['reviews:read']);
  const hook = await shop.admin.post('/api/webhooks', { url: `${base}/topics`, topics: ['topics.updated'] });
  expect(hook.status).toBe(201);
  for (const content of ['Great sound, but the battery died after a week.', 'Toller Klang und der Akku hält ewig.']) {
    const res = await shop.admin.post('/api/reviews', { rating: 4, content, productId: PRODUCT, firstName: 'Sam', status: 'published' });
    expect(res.status).toBe(201);
  }

  const product = async () => (await shop.key.get(`${V1}/topics?productId=3571`)).body;
  await eventually(async () => (await product()).items?.find((t: { topic: string }) => t.topic === 'battery')?.mentions === 2, 60_000);
  expect(await product()).toEqual({
    productId: PRODUCT,
    items: [
      { topic: 'battery', mentions: 2, positive: 1, negative: 1 },
      { topic: 'sound', mentions: 2, positive: 2, negative: 0 },
    ],
  });
  expect((await shop.key.get(`${V1}/topics`)).body).toEqual({ productId: null, items: (await product()).items });

  await eventually(
    async () => received.some((r) => r.body.shopDomain === shop.domain && (r.body.data.productIds as string[] | null)?.includes(PRODUCT)),
    60_000,
  );
  const delivery = received.find((r) => r.body.shopDomain === shop.domain)!;
  expect(delivery.body.topic).toBe('topics.updated');
  expect(delivery.body.data).toEqual({ productIds: [PRODUCT], at: expect.any(String) });

  // another shop's key sees none of it; a bad product id is a 400; a key without the scope a 403
  const other = await integrator(['reviews:read']);
  expect((await other.key.get(`${V1}/topics?productId=${encodeURIComponent(PRODUCT)}`)).body).toEqual({ productId: PRODUCT, items: [] });
  expect((await other.key.get(`${V1}/topics`)).body.items).toEqual([]);
  expect((await shop.key.get(`${V1}/topics?productId=shirt`)).status).toBe(400);
  const writer = await integrator(['requests:read']);
  expect((await writer.key.get(`${V1}/topics`)).status).toBe(403);
});
