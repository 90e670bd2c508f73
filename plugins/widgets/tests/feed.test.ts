// The storefront read API over real PostgreSQL: every sort and filter of the review feed, paged by
// cursors, equals a brute-force ordering of random reviews; what shoppers get carries no email;
// query validation; the app proxy's signature; and one shop never seeing another's reviews.
import { tenantFor } from '../../../api/auth/tenant';
import type { FeedSort, ReviewFeed, ReviewFeedQuery } from '../../../api/plugins/types';
import { startTestApi, type TestApi } from '../../../tests/support/api';
import { insertReviews, productGid, reviewRow, rng, SECRET, shopWithClient, signedQuery } from './feed-helpers';

let api: TestApi;
let feed: ReviewFeed;
beforeAll(async () => {
  api = await startTestApi({ SHOPIFY_API_KEY: 'storefront-test-key', SHOPIFY_API_SECRET: SECRET });
  feed = api.runtime.services.reviewFeed!;
});
afterAll(() => api.close());

const SORTS: FeedSort[] = ['featured', 'newest', 'highest', 'lowest', 'media'];
const PUBLIC_KEYS = ['author', 'content', 'country', 'createdAt', 'featured', 'id', 'kind', 'locale', 'media', 'pinned', 'productHandle', 'productId', 'productTitle', 'rating', 'reply', 'title', 'updatedAt', 'variants', 'verified'];

interface Row {
  id: number; kind: string; productKey: string; rating: number; status: string; pinned: boolean; featured: boolean; testimonial: boolean;
  mediaCount: number; createdAt: Date; customerId: string | null; email: string | null; demo: boolean;
}

/** The order each sort promises, written out plainly. */
function compare(sort: FeedSort) {
  const t = (r: Row) => r.createdAt.getTime();
  const b = (x: boolean) => (x ? 1 : 0);
  const keys: Record<FeedSort, ((a: Row, z: Row) => number)[]> = {
    featured: [(a, z) => b(z.pinned) - b(a.pinned), (a, z) => b(z.featured) - b(a.featured), (a, z) => t(z) - t(a), (a, z) => z.id - a.id],
    newest: [(a, z) => t(z) - t(a), (a, z) => z.id - a.id],
    highest: [(a, z) => z.rating - a.rating, (a, z) => t(z) - t(a), (a, z) => z.id - a.id],
    lowest: [(a, z) => a.rating - z.rating, (a, z) => t(z) - t(a), (a, z) => z.id - a.id],
    media: [(a, z) => b(z.mediaCount > 0) - b(a.mediaCount > 0), (a, z) => t(z) - t(a), (a, z) => z.id - a.id],
  };
  return (a: Row, z: Row) => keys[sort].reduce((acc, k) => acc || k(a, z), 0);
}

function bruteForce(rows: Row[], q: Omit<ReviewFeedQuery, 'limit'>): number[] {
  return rows
    .filter((r) => r.status === 'published')
    .filter((r) => q.productId === undefined || r.productKey === (q.productId ?? ''))
    .filter((r) => !q.kind || r.kind === q.kind)
    .filter((r) => !q.productIds || q.productIds.includes(r.productKey))
    .filter((r) => !q.ids || q.ids.includes(r.id))
    .filter((r) => !q.stars || q.stars.includes(r.rating))
    .filter((r) => !q.withMedia || r.mediaCount > 0)
    .filter((r) => !q.testimonial || r.testimonial)
    .filter((r) => !q.excludeDemo || !r.demo)
    .filter((r) => !q.customer || (!!q.customer.id && (r.customerId === q.customer.id || r.customerId === `gid://shopify/Customer/${q.customer.id}`))
      || (!!q.customer.email && r.email?.toLowerCase() === q.customer.email.toLowerCase()))
    .sort(compare(q.sort ?? 'featured'))
    .map((r) => r.id);
}

test('every sort and filter, paged by cursors, equals a brute-force ordering of random reviews', async () => {
  const { shop } = await shopWithClient(api);
  const other = await shopWithClient(api);
  const random = rng(20261202);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  // Few distinct timestamps, so ties on created_at are common and the id decides.
  const times = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i, 12, 0, 0, i * 7)));
  const make = (shopId: number) => Array.from({ length: 260 }, () => {
    const store = random() < 0.15;
    const media = random() < 0.3 ? Array.from({ length: 1 + Math.floor(random() * 2) }, (_, i) => ({ url: `https://cdn.example.com/p${i}.jpg`, type: 'image' })) : [];
    return reviewRow(shopId, {
      kind: store ? 'store' : 'product', productId: store ? null : productGid(pick([1, 2, 3])), rating: 1 + Math.floor(random() * 5),
      status: pick(['published', 'published', 'published', 'unpublished', 'pending', 'trash']), pinned: random() < 0.1, featured: random() < 0.2,
      testimonial: random() < 0.2, media: JSON.stringify(media), createdAt: pick(times), demo: random() < 0.1,
      customerId: random() < 0.2 ? 'gid://shopify/Customer/7' : null, email: random() < 0.2 ? 'Buyer@Example.com' : `x${Math.floor(random() * 1e6)}@example.com`,
    });
  });
  await insertReviews(api, [...make(shop.id), ...make(other.shop.id)]);
  const rows: Row[] = await api.knex('reviews').where({ shopId: shop.id })
    .select('id', 'kind', 'productKey', 'rating', 'status', 'pinned', 'featured', 'testimonial', 'mediaCount', 'createdAt', 'customerId', 'email', 'demo');
  const someIds = rows.filter(() => random() < 0.3).map((r) => r.id);
  const filters: Omit<ReviewFeedQuery, 'limit'>[] = [
    {}, { productId: productGid(1) }, { productId: null }, { kind: 'product' }, { kind: 'store' }, { stars: [1, 2] }, { stars: [5], productId: productGid(2) },
    { withMedia: true }, { testimonial: true }, { ids: someIds }, { productIds: [productGid(1), productGid(3)] }, { excludeDemo: true },
    { customer: { id: '7' } }, { customer: { email: 'buyer@example.com' } }, { customer: { id: 'gid://shopify/Customer/7', email: 'BUYER@example.com' } },
  ];
  const tenant = tenantFor(shop.id, shop.shopifyDomain);
  for (const sort of SORTS) {
    for (const f of filters) {
      const q = { ...f, sort };
      const limit = 1 + Math.floor(random() * 25);
      const got: number[] = [];
      let after: string | null = null;
      for (let pages = 0; ; pages++) {
        const page = await feed.reviews(tenant, { ...q, limit, after });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        got.push(...page.items.map((r) => r.id));
        if (!page.nextCursor) break;
        expect(page.items).toHaveLength(limit);
        after = page.nextCursor;
        if (pages > 400) throw new Error('paging does not end');
      }
      const expected = bruteForce(rows, q);
      expect({ q, got }).toEqual({ q, got: expected });
    }
  }
  // Nobody to match: an empty customer never means "everyone".
  expect((await feed.reviews(tenant, { customer: {}, limit: 50 })).items).toEqual([]);
});

test('the product route pages with cursors and star filters; shoppers get no email or order data', async () => {
  const { shop, direct } = await shopWithClient(api);
  await insertReviews(api, Array.from({ length: 23 }, (_, i) => reviewRow(shop.id, {
    productId: productGid(42), rating: 1 + (i % 5), orderId: `10${i}`, lineItemId: `20${i}`, customerId: 'gid://shopify/Customer/9', lastName: 'Lovelace',
    media: JSON.stringify(i % 4 === 0 ? [{ url: '/media/photo.jpg', type: 'image' }] : []), replyContent: i === 3 ? 'Thanks!' : null, repliedAt: i === 3 ? new Date() : null,
  })));
  const seen: number[] = [];
  let after = '';
  for (;;) {
    const res = await direct.get(`/api/products/42/reviews?sort=highest&stars=5,4&limit=3${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/@example\.com|email|orderId|lineItem|customerId|Lovelace/);
    for (const r of res.body.data) {
      expect(Object.keys(r).sort()).toEqual(PUBLIC_KEYS);
      expect(r.author).toBe('Ann L.');
      expect([4, 5]).toContain(r.rating);
      for (const m of r.media) expect(m.url).toBe(`${api.config.appUrl}/media/photo.jpg`);
    }
    seen.push(...res.body.data.map((r: { id: number }) => r.id));
    expect(res.body.pageInfo.hasNext).toBe(res.body.pageInfo.nextCursor !== null);
    if (!res.body.pageInfo.hasNext) break;
    after = res.body.pageInfo.nextCursor;
  }
  const expected = await api.knex('reviews').where({ shopId: shop.id }).whereIn('rating', [4, 5]).orderBy([{ column: 'rating', order: 'desc' }, { column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).pluck('id');
  expect(seen).toEqual(expected);
  // A gid in the path works the same as the digits a theme sends.
  const byGid = await direct.get(`/api/products/${encodeURIComponent(productGid(42))}/reviews?limit=50`);
  expect(byGid.body.data).toHaveLength(23);
  // Every other route: still nothing private.
  for (const path of ['/api/reviews?limit=50', '/api/testimonials', '/api/carousel', '/api/popup', '/api/summaries?product_ids=42']) {
    const res = await direct.get(path);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/@example\.com|email|orderId|lineItem|customerId|Lovelace/);
  }
});

test('summaries for many products at once, keyed as asked; the reviewer-name setting applies', async () => {
  const { shop, direct } = await shopWithClient(api);
  await insertReviews(api, [
    reviewRow(shop.id, { productId: productGid(5), rating: 5 }), reviewRow(shop.id, { productId: productGid(5), rating: 4, media: JSON.stringify([{ url: 'https://x.example/a.jpg', type: 'image' }]) }),
    reviewRow(shop.id, { productId: productGid(6), rating: 2, status: 'unpublished' }),
  ]);
  const res = await direct.get(`/api/summaries?product_ids=5,6,${encodeURIComponent(productGid(7))}`);
  expect(res.body.data).toEqual({
    5: { count: 2, average: 4.5, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 }, mediaCount: 1 },
    6: { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
    [productGid(7)]: { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
  });
  expect((await direct.get('/api/summaries')).status).toBe(400);
  expect((await direct.get(`/api/summaries?product_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`)).status).toBe(400);

  await api.knex('settings').insert({ shopId: shop.id, namespace: 'display', value: { general: { reviewerName: 'first' } } });
  const { invalidateShop } = await import('../api/cache');
  await invalidateShop(api.knex, shop.id);
  expect((await direct.get('/api/products/5/reviews')).body.data.map((r: { author: string }) => r.author)).toEqual(['Ann', 'Ann']);
  await api.knex('settings').where({ shopId: shop.id, namespace: 'display' }).update({ value: { general: { reviewerName: 'anonymous' } } });
  await invalidateShop(api.knex, shop.id);
  expect((await direct.get('/api/products/5/reviews')).body.data.map((r: { author: string }) => r.author)).toEqual(['Anonymous', 'Anonymous']);
});

test('the all-reviews feed includes all, product or store reviews; testimonials, carousel and popup follow the display settings', async () => {
  const { shop, direct } = await shopWithClient(api);
  const [p1, p2, s1, t1, low] = await insertReviews(api, [
    reviewRow(shop.id, { rating: 5 }), reviewRow(shop.id, { rating: 4, productId: productGid(2), media: JSON.stringify([{ url: 'https://x.example/a.jpg', type: 'image' }]) }),
    reviewRow(shop.id, { kind: 'store', productId: null, rating: 5 }), reviewRow(shop.id, { rating: 5, testimonial: true }), reviewRow(shop.id, { rating: 2 }),
  ]);
  const ids = async (path: string) => (await direct.get(path)).body.data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
  const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);
  expect(await ids('/api/reviews?include=all')).toEqual(sorted(p1, p2, s1, t1, low));
  expect(await ids('/api/reviews?include=product')).toEqual(sorted(p1, p2, t1, low));
  expect(await ids('/api/reviews?include=store')).toEqual(sorted(s1));
  expect(await ids('/api/testimonials')).toEqual(sorted(t1));
  expect(await ids('/api/carousel')).toEqual(sorted(p1, p2, s1, t1)); // 4 stars and more by default
  expect(await ids('/api/popup')).toEqual(sorted(p1, p2, t1)); // product reviews, 4 stars and more
  await api.knex('settings').insert({ shopId: shop.id, namespace: 'display', value: {
    testimonial: { source: 'selected', selectedReviews: [low.id, s1.id] }, carousel: { source: 'media', minRating: 1 }, popup: { minRating: 1, maxReviews: 2 },
  } });
  const { invalidateShop } = await import('../api/cache');
  await invalidateShop(api.knex, shop.id);
  expect(await ids('/api/testimonials')).toEqual(sorted(s1, low));
  expect(await ids('/api/carousel')).toEqual(sorted(p2));
  expect(await ids('/api/popup')).toEqual(sorted(low, t1)); // the two newest
});

test('query parameters are validated; a malformed cursor or one of another sort is a 400', async () => {
  const { shop, direct } = await shopWithClient(api);
  await insertReviews(api, [reviewRow(shop.id), reviewRow(shop.id)]);
  for (const q of ['limit=0', 'limit=51', 'limit=abc', 'stars=6', 'stars=0', 'sort=best', 'after=%%%', 'after=bm90LWpzb24', `after=${'a'.repeat(600)}`]) {
    const res = await direct.get(`/api/products/1/reviews?${q}`);
    expect({ q, status: res.status }).toEqual({ q, status: 400 });
    expect(res.body.success).toBe(false);
  }
  const cursor = (await direct.get('/api/products/1/reviews?limit=1&sort=newest')).body.pageInfo.nextCursor;
  expect((await direct.get(`/api/products/1/reviews?limit=1&sort=newest&after=${cursor}`)).status).toBe(200);
  const wrongSort = await direct.get(`/api/products/1/reviews?limit=1&sort=highest&after=${cursor}`);
  expect(wrongSort.status).toBe(400);
  expect(wrongSort.body.errors).toEqual({ after: 'The value is invalid' });
  const tampered = Buffer.from(JSON.stringify({ s: 'newest', v: ['yesterday', 1] })).toString('base64url');
  expect((await direct.get(`/api/products/1/reviews?sort=newest&after=${tampered}`)).status).toBe(400);
  expect((await direct.get('/api/products/not-a-product/reviews')).status).toBe(400);
  expect((await direct.get('/api/products/1/reviews?limit=50&stars=1,2,3,4,5')).body.data).toHaveLength(2);
});

test('direct routes answer any origin without credentials; unknown and uninstalled shops are 404', async () => {
  const { direct, shop } = await shopWithClient(api);
  const res = await direct.get('/api/products/1/reviews', { origin: 'https://some-theme.example' });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  const unknown = await fetch(`${api.url}/storefront/shops/nobody-here.myshopify.com/api/products/1/reviews`);
  expect(unknown.status).toBe(404);
  expect((await fetch(`${api.url}/storefront/shops/not%20a%20shop/api/reviews`)).status).toBe(404);
  await api.knex('shops').where({ id: shop.id }).update({ uninstalledAt: new Date() });
  const { invalidateShop } = await import('../api/cache');
  await invalidateShop(api.knex, shop.id);
  expect((await direct.get('/api/products/1/reviews')).status).toBe(404);
});

test('the app proxy refuses a bad or stale signature and answers a signed request, with the shopper\'s own reviews', async () => {
  const { shop, domain } = await shopWithClient(api);
  const other = await shopWithClient(api);
  const [mine] = await insertReviews(api, [
    reviewRow(shop.id, { customerId: 'gid://shopify/Customer/77', productId: productGid(3) }), reviewRow(shop.id, { customerId: 'gid://shopify/Customer/78', productId: productGid(3) }),
    reviewRow(other.shop.id, { customerId: 'gid://shopify/Customer/77', productId: productGid(3) }),
  ]);
  const proxy = (path: string, query: string) => fetch(`${api.url}/storefront/proxy${path}?${query}`);
  const signed = signedQuery(domain, { limit: '5' });
  expect((await proxy('/api/products/3/reviews', signed.replace(/signature=[0-9a-f]{4}/, 'signature=0000'))).status).toBe(401);
  expect((await proxy('/api/products/3/reviews', signedQuery(domain, {}, { secret: 'wrong' }))).status).toBe(401);
  expect((await proxy('/api/products/3/reviews', signedQuery(domain, {}, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(401);
  expect((await proxy('/api/products/3/reviews', 'shop=' + domain)).status).toBe(401);
  const ok = await proxy('/api/products/3/reviews', signed);
  expect(ok.status).toBe(200);
  expect(ok.headers.get('access-control-allow-origin')).toBeNull();
  expect((await ok.json()).data).toHaveLength(2);
  // The shopper's own reviews: only through the proxy, only signed in, only this shop's, never cached publicly.
  const own = await proxy('/api/customer/reviews', signedQuery(domain, {}, { customerId: '77' }));
  expect(own.status).toBe(200);
  expect(own.headers.get('cache-control')).toBe('private, no-store');
  expect((await own.json()).data.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  expect((await proxy('/api/customer/reviews', signedQuery(domain))).status).toBe(401);
  expect((await fetch(`${api.url}/storefront/shops/${domain}/api/customer/reviews?logged_in_customer_id=77`)).status).toBe(404);
  // A signed request for a shop that is not installed here.
  expect((await proxy('/api/products/3/reviews', signedQuery('stranger.myshopify.com'))).status).toBe(404);
});

test("another shop's reviews never appear, whatever the route or the ids asked for", async () => {
  const a = await shopWithClient(api);
  const b = await shopWithClient(api);
  const [mineA] = await insertReviews(api, [reviewRow(a.shop.id, { productId: productGid(8), testimonial: true })]);
  const [theirs] = await insertReviews(api, [reviewRow(b.shop.id, { productId: productGid(8), testimonial: true, kind: 'product' }), reviewRow(b.shop.id, { kind: 'store', productId: null })]);
  await a.direct.get('/api/testimonials');
  await api.knex('settings').insert({ shopId: a.shop.id, namespace: 'display', value: { testimonial: { source: 'selected', selectedReviews: [mineA.id, theirs.id] } } });
  const { invalidateShop } = await import('../api/cache');
  await invalidateShop(api.knex, a.shop.id);
  const theirIds = new Set((await api.knex('reviews').where({ shopId: b.shop.id }).pluck('id')) as number[]);
  for (const path of ['/api/products/8/reviews?limit=50', '/api/reviews?limit=50', '/api/reviews?include=store', '/api/testimonials', '/api/carousel', '/api/popup']) {
    const res = await a.direct.get(path);
    expect(res.status).toBe(200);
    for (const r of res.body.data) expect(theirIds.has(r.id)).toBe(false);
  }
  expect((await a.direct.get('/api/testimonials')).body.data.map((r: { id: number }) => r.id)).toEqual([mineA.id]);
  expect((await a.direct.get('/api/summaries?product_ids=8')).body.data['8'].count).toBe(1);
});

test('each write bumps its shop\'s feed version once per statement; deleting a shop takes its reviews and version along', async () => {
  const { shop } = await shopWithClient(api);
  const tenant = tenantFor(shop.id, shop.shopifyDomain);
  expect(await feed.version(tenant)).toBe('0');
  await insertReviews(api, [reviewRow(shop.id), reviewRow(shop.id), reviewRow(shop.id, { status: 'pending' })]);
  expect(await feed.version(tenant)).toBe('1');
  // Nothing a shopper sees: a held review changing stays held.
  await api.knex('reviews').where({ shopId: shop.id, status: 'pending' }).update({ content: 'still held' });
  expect(await feed.version(tenant)).toBe('1');
  await api.knex('reviews').where({ shopId: shop.id }).update({ featured: true });
  expect(await feed.version(tenant)).toBe('2');
  await api.knex('shops').where({ id: shop.id }).delete();
  expect(await api.knex('reviews').where({ shopId: shop.id })).toEqual([]);
  expect(await api.knex('review_feed_versions').where({ shopId: shop.id })).toEqual([]);
});
