// The review rate limits (10 per 10 minutes per address and per email, in PostgreSQL) cannot be
// dodged: a spoofed X-Forwarded-For changes nothing without trusted proxies, the right hop is used
// with one, a flood of new keys resets nobody, and two API processes count together.
import crypto from 'node:crypto';
import { createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let a: TestApi;
let b: TestApi;
let behindProxy: TestApi;
beforeAll(async () => {
  // `a` runs as in production, where Koa used to trust every X-Forwarded-For
  const production = { NODE_ENV: 'production', APP_URL: 'http://127.0.0.1', ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex') };
  [a, b, behindProxy] = await Promise.all([startTestApi(production), startTestApi(), startTestApi({ TRUSTED_PROXY_HOPS: '1' })]);
});
afterAll(() => Promise.all([a, b, behindProxy].map((api) => api?.close())));

const email = () => `r-${crypto.randomBytes(6).toString('hex')}@example.com`;

/** A store review from the storefront form (no product, so no store platform is needed). */
function submit(api: TestApi, domain: string, headers: Record<string, string> = {}, from = email()) {
  return fetch(`${api.url}/storefront/reviews?shop=${domain}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ kind: 'store', rating: 5, content: 'Quick delivery', firstName: 'Ann', email: from }),
  });
}

const reviewCount = async (api: TestApi, shopId: number) => Number((await api.knex('reviews').where({ shopId }).count({ n: '*' }))[0].n);

test('in production without trusted proxies a spoofed X-Forwarded-For changes nothing: the 11th review is refused', async () => {
  const { shop } = await createShop(a);
  const statuses: number[] = [];
  for (let i = 1; i <= 10; i++) statuses.push((await submit(a, shop.shopifyDomain, { 'x-forwarded-for': `203.0.113.${i}` })).status);
  expect(statuses).toEqual(Array(10).fill(201));
  const spoofed = await submit(a, shop.shopifyDomain, { 'x-forwarded-for': '198.51.100.99, 203.0.113.200' });
  expect(spoofed.status).toBe(429);
  expect(Number(spoofed.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await reviewCount(a, shop.id)).toBe(10);
});

test('behind one trusted proxy the address it saw is used, not what the client wrote before it', async () => {
  const { shop } = await createShop(behindProxy);
  const client = '198.51.100.7';
  const statuses: number[] = [];
  for (let i = 1; i <= 10; i++) statuses.push((await submit(behindProxy, shop.shopifyDomain, { 'x-forwarded-for': `10.9.8.${i}, ${client}` })).status);
  expect(statuses).toEqual(Array(10).fill(201));
  expect((await submit(behindProxy, shop.shopifyDomain, { 'x-forwarded-for': `10.9.8.77, ${client}` })).status).toBe(429);
  // another client behind the same proxy is not blocked
  expect((await submit(behindProxy, shop.shopifyDomain, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(201);
  const counted = await behindProxy.knex('rate_limits').where('key', 'like', `storefront-address:${shop.id}:%`).orderBy('key');
  expect(counted.map((r) => [r.key, r.points])).toEqual([
    [`storefront-address:${shop.id}:${client}`, 11],
    [`storefront-address:${shop.id}:198.51.100.8`, 1],
  ]);
});

test('a flood of new emails (and 60,000 other keys in the store) does not reset a blocked address', async () => {
  const { shop } = await createShop(a);
  for (let i = 0; i < 10; i++) expect((await submit(a, shop.shopifyDomain)).status).toBe(201);
  expect((await submit(a, shop.shopifyDomain)).status).toBe(429);

  // The in-memory limiter this replaces cleared every counter past 50,000 keys.
  await a.knex.raw(`insert into rate_limits (key, points, expire) select 'flood:' || g, 1, ? from generate_series(1, 60000) g`, [Date.now() + 600_000]);
  const FLOOD = 2_000;
  const statuses: number[] = [];
  for (let i = 0; i < FLOOD; i += 25) {
    const batch = await Promise.all(Array.from({ length: 25 }, () => submit(a, shop.shopifyDomain).then((r) => r.status)));
    statuses.push(...batch);
  }
  expect(new Set(statuses)).toEqual(new Set([429]));
  expect(Number((await a.knex('rate_limits').where('key', 'like', `storefront-email:${shop.id}:%`).count({ n: '*' }))[0].n)).toBe(10 + 1 + FLOOD);
  expect((await submit(a, shop.shopifyDomain)).status).toBe(429);
  expect(await reviewCount(a, shop.id)).toBe(10);
  await a.knex('rate_limits').where('key', 'like', 'flood:%').delete();
}, 180_000); // 2,000 submissions: the volume is the point, so it gets more than the default minute

test('two API processes share one budget', async () => {
  const { shop } = await createShop(a);
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await submit(i % 2 ? b : a, shop.shopifyDomain)).status);
  expect(statuses).toEqual(Array(10).fill(201));
  expect((await submit(b, shop.shopifyDomain)).status).toBe(429);
  expect((await submit(a, shop.shopifyDomain)).status).toBe(429);
  expect(await reviewCount(a, shop.id)).toBe(10);
});

test('one email is limited across addresses too', async () => {
  const { shop } = await createShop(behindProxy);
  const same = email();
  const statuses: number[] = [];
  for (let i = 1; i <= 11; i++) statuses.push((await submit(behindProxy, shop.shopifyDomain, { 'x-forwarded-for': `192.0.2.${i}` }, same)).status);
  expect(statuses).toEqual([...Array(10).fill(201), 429]);
});
