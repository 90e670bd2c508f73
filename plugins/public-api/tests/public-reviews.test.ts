// The public API's reviews and storefront operations over HTTP with real keys, against the real
// stack: every operation's answer and its refusals of bad input (400 with the field named), the
// admin's own paths behind them (the admin's list sees what the API wrote, summaries recounted, the
// recycle bin), another shop's ids answering 404, and 503 naming the plugin when reviews is removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

const V1 = '/api/public/v1';
const PRODUCT = 'gid://shopify/Product/7982301';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

type Http = ReturnType<typeof client>;

async function integrator(scopes = ['reviews:read', 'reviews:write']) {
  const { shop, token } = await createShop(api, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
  const admin = client(api.url, token);
  const created = await admin.post('/api/api-keys', { name: 'Integration', scopes });
  expect(created.status).toBe(201);
  return { shop, admin, http: client(api.url, created.body.key) };
}

const patch = (http: Http, p: string, body: unknown) => http.call('PATCH', p, body);

/** Every item of a list, page by page through the cursor. */
async function allPages(http: Http, query: string) {
  const ids: number[] = [];
  let url = `${V1}/reviews?${query}`;
  for (;;) {
    const res = await http.get(url);
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((r: { id: number }) => r.id));
    if (!res.body.pageInfo.hasNextPage) return ids;
    url = `${V1}/reviews?${query}&cursor=${encodeURIComponent(res.body.pageInfo.nextCursor)}`;
  }
}

test('reviews are created as the merchant or imported, read one by one and listed by filters and cursor', async () => {
  const { http, admin } = await integrator();

  const own = await http.post(`${V1}/reviews`, {
    productId: '7982301',
    productTitle: 'Linen shirt',
    rating: 5,
    title: 'Lovely',
    content: 'Lovely fabric.',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
  });
  expect(own.status).toBe(201);
  expect(own.body).toMatchObject({ productId: PRODUCT, source: 'admin', status: 'published', imported: false, verified: false, reply: null, rating: 5 });
  expect(own.body.publishedAt).toEqual(expect.any(String));
  const verified = await http.post(`${V1}/reviews`, {
    productId: PRODUCT,
    rating: 4,
    content: 'Fits well.',
    verified: true,
    status: 'unpublished',
    media: [{ url: 'https://cdn.example/p.jpg' }],
  });
  expect(verified.status).toBe(201);
  expect(verified.body).toMatchObject({
    verified: true,
    status: 'unpublished',
    publishedAt: null,
    media: [{ url: 'https://cdn.example/p.jpg', type: 'image' }],
  });
  const imported = await http.post(`${V1}/reviews`, {
    source: 'amazon',
    productId: PRODUCT,
    rating: 3,
    content: '',
    createdAt: '2025-06-01T10:00:00Z',
    firstName: 'Grace',
    reply: { content: 'Thanks, Grace' },
    incentivized: true,
  });
  expect(imported.status).toBe(201);
  expect(imported.body).toMatchObject({
    source: 'amazon',
    imported: true,
    verified: false,
    incentivized: true,
    status: 'published',
    createdAt: '2025-06-01T10:00:00.000Z',
    reply: { content: 'Thanks, Grace' },
  });
  const store = await http.post(`${V1}/reviews`, { kind: 'store', rating: 2, content: 'Slow shipping.' });
  expect(store.body).toMatchObject({ kind: 'store', productId: null });

  // the admin's own list shows what the API wrote, through the same table and paths
  const adminList = await admin.get('/api/reviews?limit=100');
  expect(adminList.body.data.map((r: { id: number }) => r.id).sort()).toEqual([own.body.id, verified.body.id, imported.body.id, store.body.id].sort());

  // as written; updatedAt may have moved on since: the translations plugin stores the language it
  // detects from review.created (a change of the row the API does not show)
  const read = (await http.get(`${V1}/reviews/${own.body.id}`)).body;
  expect(read).toEqual({ ...own.body, updatedAt: expect.any(String) });
  expect(Date.parse(read.updatedAt)).toBeGreaterThanOrEqual(Date.parse(own.body.updatedAt));

  // paging: three pages of (at most) two, no review twice, newest first; oldest first reversed
  const newest = await allPages(http, 'limit=2');
  expect(newest).toHaveLength(4);
  expect(new Set(newest).size).toBe(4);
  expect(newest[newest.length - 1]).toBe(imported.body.id); // created in 2025
  expect(await allPages(http, 'limit=3&sort=oldest')).toEqual([...newest].reverse());

  const ids = async (query: string) => (await http.get(`${V1}/reviews?${query}`)).body.items.map((r: { id: number }) => r.id).sort();
  expect(await ids('rating=3,2')).toEqual([imported.body.id, store.body.id].sort());
  expect(await ids('source=amazon')).toEqual([imported.body.id]);
  expect(await ids('status=unpublished')).toEqual([verified.body.id]);
  expect(await ids('status=published&kind=product')).toEqual([own.body.id, imported.body.id].sort());
  expect(await ids('verified=true')).toEqual([verified.body.id]);
  expect(await ids('hasMedia=true')).toEqual([verified.body.id]);
  expect(await ids(`productId=7982301`)).toEqual([own.body.id, verified.body.id, imported.body.id].sort());
  expect(await ids('since=2026-01-01T00:00:00Z')).toEqual([own.body.id, verified.body.id, store.body.id].sort());
  expect(await ids(`updatedSince=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
});

test('bad input is a 400 naming each field, never a 5xx', async () => {
  const { http } = await integrator();
  const post = (body: unknown) => http.post(`${V1}/reviews`, body);
  const details = async (res: Promise<{ status: number; body: any }>) => {
    const r = await res;
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    return r.body.error.details;
  };

  expect(await details(post({ productId: PRODUCT, rating: 6, content: 'x', email: 'nope', colour: 'red' }))).toMatchObject({
    rating: expect.any(String),
    email: 'Invalid email',
    colour: 'Unknown field',
  });
  expect(await details(post({ productId: PRODUCT, rating: 5 }))).toEqual({ content: 'This field is required' });
  expect(await details(post({ rating: 5, content: 'no product' }))).toEqual({ productId: 'This field is required' });
  expect(await details(post({ productId: 'not-a-product', rating: 5, content: 'x' }))).toHaveProperty('productId');
  expect(await details(post({ source: 'admin', productId: PRODUCT, rating: 5, content: 'x', reply: { content: 'hi' } }))).toEqual({
    reply: 'Only imported reviews carry this field',
  });
  expect(await details(post({ source: 'imported', productId: PRODUCT, rating: 5, verified: true }))).toEqual({
    verified: 'Imported reviews cannot be verified',
  });
  expect(await details(post({ source: 'imported', productId: PRODUCT, rating: 5, createdAt: '2999-01-01T00:00:00Z' }))).toEqual({
    createdAt: 'The date must not be in the future',
  });
  expect(await details(post({ source: 'ebay', productId: PRODUCT, rating: 5 }))).toHaveProperty('source');
  expect(await details(post({ productId: PRODUCT, rating: 5, content: 'x', media: [{ url: 'javascript:alert(1)' }] }))).toHaveProperty(['media.0.url']);

  expect(await details(http.get(`${V1}/reviews?limit=0`))).toHaveProperty('limit');
  expect(await details(http.get(`${V1}/reviews?rating=9`))).toHaveProperty(['rating.0']);
  expect(await details(http.get(`${V1}/reviews?status=gone`))).toHaveProperty('status');
  expect(await details(http.get(`${V1}/reviews?since=yesterday`))).toHaveProperty('since');
  expect(await details(http.get(`${V1}/reviews?verified=yes`))).toHaveProperty('verified');
  expect(await details(http.get(`${V1}/reviews?cursor=bm90LWEtY3Vyc29y`))).toEqual({ cursor: 'The value is invalid' });
  expect(await details(http.get(`${V1}/reviews/abc`))).toHaveProperty('id');
  expect(await details(http.get(`${V1}/products/summaries`))).toHaveProperty('productIds');
  expect(await details(http.get(`${V1}/products/summaries?productIds=shirt`))).toHaveProperty(['productIds.0']);

  const review = (await post({ productId: PRODUCT, rating: 5, content: 'x' })).body;
  expect(await details(patch(http, `${V1}/reviews/${review.id}`, { status: 'trash' }))).toHaveProperty('status');
  expect(await details(patch(http, `${V1}/reviews/${review.id}`, {}))).toHaveProperty('status');
  expect(await details(http.put(`${V1}/reviews/${review.id}/reply`, { content: '   ' }))).toEqual({ content: 'This field is required' });
});

test("status, reply and delete take the admin's paths: summaries recounted, the recycle bin, then gone", async () => {
  const { http } = await integrator();
  const summary = async () => (await http.get(`${V1}/products/summaries?productIds=7982301,gid://shopify/Product/1`)).body.items;
  const held = (await http.post(`${V1}/reviews`, { productId: PRODUCT, rating: 4, content: 'Held back', status: 'unpublished', email: 'ada@example.com' }))
    .body;
  expect(await summary()).toEqual([
    { productId: PRODUCT, count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
    { productId: 'gid://shopify/Product/1', count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
  ]);

  const published = await patch(http, `${V1}/reviews/${held.id}`, { status: 'published' });
  expect(published.status).toBe(200);
  expect(published.body).toMatchObject({ id: held.id, status: 'published', publishedAt: expect.any(String) });
  expect((await summary())[0]).toMatchObject({ count: 1, average: 4, stars: { 4: 1 } });
  expect((await patch(http, `${V1}/reviews/${held.id}`, { status: 'unpublished' })).body.status).toBe('unpublished');
  expect((await summary())[0].count).toBe(0);

  const replied = await http.put(`${V1}/reviews/${held.id}/reply`, { content: 'Thank you, Ada!' });
  expect(replied.status).toBe(200);
  expect(replied.body.reply).toEqual({ content: 'Thank you, Ada!', repliedAt: expect.any(String) });
  expect((await http.put(`${V1}/reviews/${held.id}/reply`, { content: 'Thanks again' })).body.reply.content).toBe('Thanks again');
  const unreplied = await http.delete(`${V1}/reviews/${held.id}/reply`);
  expect(unreplied.status).toBe(200);
  expect(unreplied.body.reply).toBeNull();

  // the plan has a recycle bin: the first delete moves it there, the second deletes it for good
  const trashed = await http.delete(`${V1}/reviews/${held.id}`);
  expect(trashed.body).toEqual({ id: held.id, purged: false });
  expect((await http.get(`${V1}/reviews/${held.id}`)).body.status).toBe('trash');
  expect((await http.get(`${V1}/reviews`)).body.items).toEqual([]);
  expect((await http.get(`${V1}/reviews?status=trash`)).body.items.map((r: { id: number }) => r.id)).toEqual([held.id]);
  const refused = await patch(http, `${V1}/reviews/${held.id}`, { status: 'published' });
  expect(refused.status).toBe(409);
  expect(refused.body.error.code).toBe('REVIEW_IN_TRASH');
  expect((await http.delete(`${V1}/reviews/${held.id}`)).body).toEqual({ id: held.id, purged: true });
  const gone = await http.get(`${V1}/reviews/${held.id}`);
  expect(gone.status).toBe(404);
  expect(gone.body.error.code).toBe('NOT_FOUND');
});

test("a key of one shop reaches none of another shop's reviews", async () => {
  const a = await integrator();
  const b = await integrator();
  const theirs = (await b.http.post(`${V1}/reviews`, { productId: PRODUCT, rating: 5, content: "B's review" })).body;
  const mine = (await a.http.post(`${V1}/reviews`, { productId: PRODUCT, rating: 1, content: "A's review" })).body;

  for (const res of [
    await a.http.get(`${V1}/reviews/${theirs.id}`),
    await patch(a.http, `${V1}/reviews/${theirs.id}`, { status: 'unpublished' }),
    await a.http.put(`${V1}/reviews/${theirs.id}/reply`, { content: 'Not mine' }),
    await a.http.delete(`${V1}/reviews/${theirs.id}/reply`),
    await a.http.delete(`${V1}/reviews/${theirs.id}`),
  ]) {
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  }
  expect((await a.http.get(`${V1}/reviews`)).body.items.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  expect((await a.http.get(`${V1}/products/summaries?productIds=${encodeURIComponent(PRODUCT)}`)).body.items[0]).toMatchObject({ count: 1, average: 1 });
  // B's review is untouched
  expect((await b.http.get(`${V1}/reviews/${theirs.id}`)).body).toMatchObject({ status: 'published', reply: null });
});

test('a key without the write scope reads but does not write', async () => {
  const { http } = await integrator(['reviews:read']);
  expect((await http.get(`${V1}/reviews`)).status).toBe(200);
  const refused = await http.post(`${V1}/reviews`, { productId: PRODUCT, rating: 5, content: 'x' });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', scope: 'reviews:write' });
});

test("the storefront operations answer a shop's published reviews without a key", async () => {
  const { shop, http } = await integrator();
  const anyone = client(api.url);
  const shown = (
    await http.post(`${V1}/reviews`, {
      productId: PRODUCT,
      rating: 5,
      content: 'Lovely',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      media: [{ url: '/media/photo.jpg' }],
    })
  ).body;
  await http.post(`${V1}/reviews`, { productId: PRODUCT, rating: 1, content: 'Hidden', status: 'unpublished' });
  const domain = shop.shopifyDomain;

  const page = await anyone.get(`${V1}/storefront/products/7982301/reviews?shop=${domain}`);
  expect(page.status).toBe(200);
  expect(page.body.items).toHaveLength(1);
  expect(page.body.items[0]).toMatchObject({
    id: shown.id,
    author: 'Ada L.',
    rating: 5,
    content: 'Lovely',
    media: [{ url: `${api.config.appUrl}/media/photo.jpg`, type: 'image' }],
  });
  expect(page.body.items[0]).not.toHaveProperty('email');
  expect(page.body.pageInfo).toEqual({ nextCursor: null, hasNextPage: false });
  const summaries = await anyone.get(`${V1}/storefront/summaries?shop=${domain}&productIds=7982301,42`);
  expect(summaries.body.items).toEqual([
    { productId: PRODUCT, count: 1, average: 5, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 }, mediaCount: 1 },
    { productId: 'gid://shopify/Product/42', count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
  ]);

  expect((await anyone.get(`${V1}/storefront/summaries?shop=nobody-here.myshopify.com&productIds=1`)).status).toBe(404);
  for (const [query, field] of [
    ['shop=not a shop&productIds=1', 'shop'],
    ['productIds=1', 'shop'],
    [`shop=${domain}`, 'productIds'],
  ]) {
    const res = await anyone.get(`${V1}/storefront/summaries?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toHaveProperty(field);
  }
  const badCursor = await anyone.get(`${V1}/storefront/products/7982301/reviews?shop=${domain}&cursor=bm9wZQ`);
  expect(badCursor.status).toBe(400);
  expect(badCursor.body.error.details).toEqual({ cursor: 'The value is invalid' });
  expect((await anyone.get(`${V1}/storefront/products/shirt/reviews?shop=${domain}`)).body.error.details).toHaveProperty('productId');
  expect((await anyone.get(`${V1}/storefront/products/7982301/reviews?shop=${domain}&limit=51`)).body.error.details).toHaveProperty('limit');
});

test('without the reviews plugin its operations answer 503 naming it', async () => {
  // a plugins folder with the public API alone: the app as it runs once plugins/reviews is deleted
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-public-api-alone-'));
  fs.symlinkSync(path.resolve(__dirname, '..'), path.join(root, 'public-api'));
  const alone = await startTestApi({ PLUGINS_ROOT: root });
  try {
    const { token, shop } = await createShop(alone, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
    const key = (await client(alone.url, token).post('/api/api-keys', { name: 'x', scopes: ['reviews:read', 'requests:read'] })).body.key;
    const http = client(alone.url, key);
    for (const [call, plugin] of [
      [http.get(`${V1}/reviews`), 'reviews'],
      [http.get(`${V1}/products/summaries?productIds=1`), 'reviews'],
      [http.get(`${V1}/requests`), 'review-requests'],
      [client(alone.url).get(`${V1}/storefront/summaries?shop=${shop.shopifyDomain}&productIds=1`), 'reviews'],
    ] as const) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'PLUGIN_NOT_INSTALLED', missing: plugin });
      expect(res.body.error.message).toContain(`"${plugin}" plugin`);
    }
  } finally {
    await alone.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}, 60_000);
