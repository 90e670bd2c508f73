// The storefront submit form's endpoint: guests directly (open CORS) and customers through the app
// proxy (signed by the store emulator as Shopify signs it). Validation messages, photos checked by
// their bytes, honeypot, rate limit, eligibility, moderation and summaries.
import { appProxySignature } from '@plaudit/kernel';
import { client, EMULATOR_API_SECRET, startPlatformStack } from '@plaudit/kernel/testing';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function shopWithProducts() {
  const installed = await stack.installShop();
  const page = await stack.api.runtime.services.platform!.adminApi(installed.domain).products({ first: 10 });
  return { ...installed, products: page.nodes };
}

function form(fields: Record<string, string>, photos: [string, Buffer][] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, bytes] of photos) fd.append('photos', new Blob([new Uint8Array(bytes)]), name);
  return fd;
}

const direct = (domain: string, body: FormData | Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, {
    method: 'POST',
    headers: body instanceof FormData ? headers : { 'content-type': 'application/json', ...headers },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });

/** The shop's review settings, through the plugin's own API. */
async function setSettings(appToken: string, patch: Record<string, unknown>) {
  expect((await client(stack.appUrl, appToken).put('/api/reviews/settings', patch)).status).toBe(200);
}

/** Through the store emulator's app proxy, signed in as `customerId` when given (its storefront cookie). */
const viaProxy = (domain: string, body: Record<string, unknown>, customerId?: string) =>
  fetch(`${stack.emulator.url}/shops/${domain}/apps/plaudit/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(customerId ? { cookie: `emulator_customer=${domain}:${customerId}` } : {}) },
    body: JSON.stringify(body),
  });

/** A signed proxy request made here, to choose the shopper address Shopify passes on. */
function signedProxy(domain: string, body: Record<string, unknown>, ip: string) {
  const params: Record<string, string> = {
    shop: domain,
    logged_in_customer_id: '',
    path_prefix: '/apps/plaudit',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const qs = new URLSearchParams({ ...params, signature: appProxySignature(params, EMULATOR_API_SECRET) });
  return fetch(`${stack.appUrl}/storefront/proxy/reviews?${qs}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

const reviewsOf = (shopId: number) => stack.api.knex('reviews').where({ shopId }).orderBy('id');
const summaryOf = (shopId: number, productKey: string) => stack.api.knex('review_summaries').where({ shopId, productKey }).first();
const guest = (productId: string, extra: Record<string, string> = {}) => ({
  productId,
  kind: 'product',
  rating: '4',
  title: 'Cosy',
  content: 'Warm and soft.',
  firstName: 'Gail',
  lastName: 'Guest',
  email: `gail-${Math.random().toString(36).slice(2)}@example.com`,
  ...extra,
});

test('a guest review with a photo, from the storefront origin: 201, published, counted', async () => {
  const { domain, shop, products } = await shopWithProducts();
  const product = products[0];
  const preflight = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, {
    method: 'OPTIONS',
    headers: { origin: `https://${domain}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

  const numericId = product.id.split('/').pop()!;
  const res = await direct(domain, form(guest(numericId), [['me.png', PNG_1PX]]), { origin: `https://${domain}` });
  expect(res.status).toBe(201);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const body = await res.json();
  expect(body).toEqual({ success: true, data: { id: expect.any(Number), status: 'published' } });
  const [review] = await reviewsOf(shop.id);
  expect(review).toMatchObject({
    id: body.data.id,
    source: 'guest',
    verified: false,
    productId: product.id,
    productTitle: product.title,
    rating: 4,
    status: 'published',
    customerId: null,
  });
  expect(review.media).toHaveLength(1);
  // every upload is re-encoded as JPEG
  expect((await fetch(stack.appUrl + review.media[0].url)).headers.get('content-type')).toBe('image/jpeg');
  expect(await summaryOf(shop.id, product.id)).toMatchObject({ count: 1, stars4: 1, mediaCount: 1 });

  // a store review (no product), as JSON
  const store = await direct(domain, { kind: 'store', rating: 5, content: 'Fast shipping', firstName: 'Sam', email: 'sam@example.com' });
  expect(store.status).toBe(201);
  expect(await summaryOf(shop.id, '')).toMatchObject({ count: 1, stars5: 1 });
});

test('each field answers with the spec message; nothing is stored', async () => {
  const { domain, shop, products } = await shopWithProducts();
  const empty = await direct(domain, { kind: 'product' });
  expect(empty.status).toBe(400);
  expect(empty.headers.get('access-control-allow-origin')).toBe('*'); // the widget can read the errors
  expect((await empty.json()).errors).toEqual({
    productId: 'This field is required',
    rating: 'This field is required',
    content: 'This field is required',
    firstName: 'This field is required',
    email: 'This field is required',
  });
  const bad = await direct(domain, { productId: 'gid://shopify/Order/1', rating: 9, content: 'x', firstName: 'A', email: 'not-an-email', kind: 'thing' });
  expect((await bad.json()).errors).toEqual({
    kind: 'The value is invalid',
    productId: 'The value is invalid',
    rating: 'Number needs to be between equal 1 and 5',
    email: 'Invalid email',
  });
  const unknown = await direct(domain, guest('gid://shopify/Product/999999999999'));
  expect((await unknown.json()).errors).toEqual({ productId: 'The value is invalid' });
  const noShop = await fetch(`${stack.appUrl}/storefront/reviews?shop=evil.example.com`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect((await noShop.json()).errors).toEqual({ shop: 'Invalid domain' });
  expect((await direct('nobody-here.myshopify.com', guest(products[0].id))).status).toBe(404);
  expect(await reviewsOf(shop.id)).toEqual([]);
});

test('a photo that is really HTML or SVG is refused; six photos are too many', async () => {
  const { domain, shop, products } = await shopWithProducts();
  const html = await direct(domain, form(guest(products[0].id), [['cat.jpg', Buffer.from('<html><body><script>alert(1)</script></body></html>')]]));
  expect(html.status).toBe(400);
  expect((await html.json()).errors).toEqual({ photos: 'type not supported (.gif, .jpg, .png)' });
  const svg = await direct(domain, form(guest(products[0].id), [['cat.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')]]));
  expect((await svg.json()).errors).toEqual({ photos: 'type not supported (.gif, .jpg, .png)' });
  const six = await direct(
    domain,
    form(
      guest(products[0].id),
      Array.from({ length: 6 }, (_, i) => [`p${i}.png`, PNG_1PX] as [string, Buffer]),
    ),
  );
  expect((await six.json()).errors).toEqual({ photos: 'You have reached the file upload limit' });
  expect(await reviewsOf(shop.id)).toEqual([]);
});

test('a filled honeypot is thanked with 201 and nothing is kept', async () => {
  const { domain, shop, products } = await shopWithProducts();
  const res = await direct(domain, form(guest(products[0].id, { website: 'http://spam.example' })));
  expect(res.status).toBe(201);
  expect((await res.json()).success).toBe(true);
  expect(await reviewsOf(shop.id)).toEqual([]);
});

test('spam and the hold setting send reviews to moderation; the answer says so', async () => {
  const { domain, shop, products, appToken } = await shopWithProducts();
  const spam = await direct(domain, guest(products[0].id, { content: 'Cheap viagra at http://a.example and www.b.example' }));
  expect((await spam.json()).data.status).toBe('pending');
  await setSettings(appToken, { autoPublish: 'hold' });
  const held = await direct(domain, guest(products[0].id));
  expect((await held.json()).data.status).toBe('pending');
  expect((await reviewsOf(shop.id)).map((r) => r.status)).toEqual(['pending', 'pending']);
  expect(await summaryOf(shop.id, products[0].id)).toMatchObject({ count: 0 });
});

test('rate limit: the 11th review from one address is a 429, the 10 accepted stay', async () => {
  const { domain, shop, products } = await shopWithProducts();
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await direct(domain, guest(products[i % products.length].id))).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
  const limited = await direct(domain, guest(products[0].id));
  expect(statuses[10]).toBe(429);
  expect(limited.status).toBe(429);
  // the seconds left in the address's 10-minute window
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
  expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  expect((await limited.json()).message).toBe('Too many reviews were sent from here. Please try again in a few minutes.');
  expect(await reviewsOf(shop.id)).toHaveLength(10);

  // one email from many addresses is limited too (the proxy passes the shopper's address on)
  const other = await shopWithProducts();
  const email = 'same@example.com';
  const byEmail: number[] = [];
  for (let i = 0; i < 11; i++) byEmail.push((await signedProxy(other.domain, guest(other.products[0].id, { email }), `203.0.113.${i + 1}`)).status);
  expect(byEmail).toEqual([...Array(10).fill(201), 429]);
  expect(await reviewsOf(other.shop.id)).toHaveLength(10);
});

test('through the app proxy: a logged-in buyer is verified, a guest is not; "buyers" refuses guests', async () => {
  const { domain, shop, products, appToken } = await shopWithProducts();
  const { order } = await stack.control('/orders', { shop: domain, customerEmail: `buyer-${Date.now()}@example.com` });
  const details = await stack.api.runtime.services.platform!.adminApi(domain).order(order.admin_graphql_api_id);
  const customerId = details!.customer!.id.split('/').pop()!;
  const bought = details!.lineItems.nodes[0];
  const notBought = products.find((p) => !details!.lineItems.nodes.some((li) => li.product?.id === p.id))!;

  const first = await viaProxy(domain, { productId: bought.product!.id, rating: 5, content: 'Love it', firstName: 'Bea' }, customerId);
  expect(first.status).toBe(201);
  const [verified] = await reviewsOf(shop.id);
  expect(verified).toMatchObject({
    source: 'customer',
    verified: true,
    lineItemId: bought.id,
    orderId: order.id,
    customerId: details!.customer!.id,
    email: details!.email,
  });
  // a second review of the same purchase is kept, but only one review per line item is verified
  expect((await viaProxy(domain, { productId: bought.product!.id, rating: 4, content: 'Still good', firstName: 'Bea' }, customerId)).status).toBe(201);
  expect((await viaProxy(domain, { productId: notBought.id, rating: 3, content: 'Saw it at a friend', firstName: 'Bea' }, customerId)).status).toBe(201);
  expect((await viaProxy(domain, { productId: notBought.id, rating: 3, content: 'Guest via proxy', firstName: 'Gus', email: 'gus@example.com' })).status).toBe(
    201,
  );
  expect((await reviewsOf(shop.id)).map((r) => [r.source, r.verified])).toEqual([
    ['customer', true],
    ['customer', false],
    ['customer', false],
    ['guest', false],
  ]);

  await setSettings(appToken, { customerEligibility: 'buyers' });
  const guestRefused = await direct(domain, guest(bought.product!.id));
  expect(guestRefused.status).toBe(403);
  expect(await guestRefused.json()).toMatchObject({
    code: 'CUSTOMER_NOT_ELIGIBLE',
    message: 'Only customers who bought this product can write a review. Please log in to your account first.',
  });
  expect((await viaProxy(domain, { productId: bought.product!.id, rating: 5, content: 'x', firstName: 'G', email: 'g@example.com' })).status).toBe(403);
  const nonBuyer = await viaProxy(domain, { productId: notBought.id, rating: 5, content: 'x', firstName: 'Bea' }, customerId);
  expect(nonBuyer.status).toBe(403);
  expect((await nonBuyer.json()).message).toBe('Only customers who bought this product can write a review.');
  expect((await viaProxy(domain, { productId: bought.product!.id, rating: 5, content: 'Buyer again', firstName: 'Bea' }, customerId)).status).toBe(201);
  expect(await reviewsOf(shop.id)).toHaveLength(5);
});

test('an unsigned or tampered proxy request is refused', async () => {
  const { domain, products } = await shopWithProducts();
  const unsigned = await fetch(`${stack.appUrl}/storefront/proxy/reviews?shop=${domain}&logged_in_customer_id=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(guest(products[0].id)),
  });
  expect(unsigned.status).toBe(401);
  // signed for one shopper, replayed as another logged-in customer
  const params: Record<string, string> = {
    shop: domain,
    logged_in_customer_id: '',
    path_prefix: '/apps/plaudit',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const qs = new URLSearchParams({ ...params, logged_in_customer_id: '42', signature: appProxySignature(params, EMULATOR_API_SECRET) });
  const tampered = await fetch(`${stack.appUrl}/storefront/proxy/reviews?${qs}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(guest(products[0].id)),
  });
  expect(tampered.status).toBe(401);
});
