// The storefront and the app proxy: pages with app-block placeholders, the signature's published
// test vector, and forwarded calls whose signature the app (and the Shopify library) can verify.
import { appProxySignature } from '../../emulator/app-proxy';
import { shopifyFor } from './library';
import { API_SECRET, DEMO_SHOP, startTestEmulator, type TestEmulator } from './support';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

test("the signature matches SHOPIFY.md's published test vector", () => {
  const params = {
    extra: ['1', '2'],
    logged_in_customer_id: '1',
    path_prefix: '/apps/awesome_reviews',
    shop: 'shop-name.myshopify.com',
    timestamp: '1317327555',
  };
  expect(appProxySignature(params, 'hush')).toBe('4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb');
  expect(appProxySignature({ ...params, signature: 'ignored' }, 'hush')).toBe('4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb');
});

test('the product page shows the product with star-rating and review-box placeholders', async () => {
  const res = await fetch(`${t.em.url}/products/ceramic-coffee-mug`);
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(html).toContain('<h1>Ceramic Coffee Mug</h1>');
  expect(html).toContain('$18.00 USD');
  const id = /data-product-id="(\d+)"/.exec(html)![1];
  expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
  expect(html).toContain(`<div class="plaudit-app-block" data-block="star-rating" data-proxy="/apps/plaudit" data-product-id="${id}" data-locale="en"></div>`);
  expect(html).toContain(`data-block="review-box" data-proxy="/apps/plaudit" data-product-id="${id}"`);
  const img = /<img src="([^"]+)"/.exec(html)![1];
  const image = await fetch(img);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect((await fetch(`${t.em.url}/products/espresso-cup-set`)).status).toBe(404); // a draft is not on sale
  expect((await fetch(`${t.em.url}/shops/plaudit-dev.myshopify.com/products/ceramic-coffee-mug`)).status).toBe(200);
});

test('the catalogue and the reviews page carry their blocks', async () => {
  const all = await (await fetch(`${t.em.url}/collections/all`)).text();
  expect(all.match(/data-block="star-rating"/g)).toHaveLength(11);
  expect(all).toContain('Insulated Travel Mug');
  expect(all).not.toContain('Espresso Cup Set');
  const reviews = await (await fetch(`${t.em.url}/pages/reviews`)).text();
  expect(reviews).toContain('data-block="all-reviews"');
});

test('the app proxy forwards GET with a signature the app can verify, and passes the answer back', async () => {
  t.app.proxyHandler = (r) =>
    r.path === '/storefront/proxy/widgets/star-rating'
      ? { status: 200, type: 'text/html; charset=utf-8', body: `<span class="stars">4.5 for ${r.query.get('product_id')}</span>` }
      : { status: 404, body: 'no' };
  const before = Math.floor(Date.now() / 1000);
  const res = await fetch(`${t.em.url}/apps/plaudit/widgets/star-rating?product_id=123&tag=a&tag=b`);
  const after = Math.ceil(Date.now() / 1000);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await res.text()).toBe('<span class="stars">4.5 for 123</span>');

  const call = t.app.proxied.at(-1)!;
  const q = call.query;
  expect(q.get('shop')).toBe(DEMO_SHOP);
  expect(q.get('path_prefix')).toBe('/apps/plaudit');
  expect(q.get('logged_in_customer_id')).toBe('');
  expect(Number(q.get('timestamp'))).toBeGreaterThanOrEqual(before);
  expect(Number(q.get('timestamp'))).toBeLessThanOrEqual(after);
  const params: Record<string, string | string[]> = {};
  for (const k of new Set(q.keys())) params[k] = q.getAll(k).length > 1 ? q.getAll(k) : q.get(k)!;
  expect(appProxySignature(params, API_SECRET)).toBe(q.get('signature'));
  expect(await shopifyFor(t).utils.validateHmac(q, { signator: 'appProxy' })).toBe(true);
  expect((await fetch(`${t.em.url}/apps/plaudit/widgets/unknown`)).status).toBe(404);
});

test('the app proxy passes revalidation through: If-None-Match goes to the app, its 304 comes back without a body', async () => {
  t.app.proxyHandler = (r) => (r.headers['if-none-match'] === '"v1"' ? { status: 304 } : { status: 200, type: 'text/html', body: 'fresh' });
  const first = await fetch(`${t.em.url}/apps/plaudit/widgets/review-box?product_id=1`);
  expect(first.status).toBe(200);
  expect(await first.text()).toBe('fresh');
  const again = await fetch(`${t.em.url}/apps/plaudit/widgets/review-box?product_id=1`, { headers: { 'If-None-Match': '"v1"' } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(t.app.proxied.at(-1)!.headers['if-none-match']).toBe('"v1"');
});

test('the app proxy forwards POST bodies and the signed-in customer', async () => {
  t.app.proxyHandler = (r) => ({
    status: 201,
    type: 'application/json',
    body: JSON.stringify({ got: JSON.parse(r.body), customer: r.query.get('logged_in_customer_id') }),
  });
  const login = await fetch(`${t.em.url}/account/login?email=yuki.tanaka@example.com`, { redirect: 'manual' });
  expect(login.status).toBe(302);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const res = await fetch(`${t.em.url}/apps/plaudit/reviews`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ rating: 5, body: 'Lovely' }),
  });
  expect(res.status).toBe(201);
  const answer = (await res.json()) as { got: unknown; customer: string };
  expect(answer.got).toEqual({ rating: 5, body: 'Lovely' });
  expect(BigInt(answer.customer)).toBeGreaterThan(2n ** 53n);
  const call = t.app.proxied.at(-1)!;
  expect(call.method).toBe('POST');
  expect(call.headers['content-type']).toBe('application/json');
  expect(await shopifyFor(t).utils.validateHmac(call.query, { signator: 'appProxy' })).toBe(true);
});
