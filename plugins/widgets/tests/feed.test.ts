// The storefront read API over real PostgreSQL: every sort and filter of the review feed, paged by
// cursors, equals a brute-force ordering of random reviews; what shoppers get carries no email;
// query validation; the app proxy's signature; and one shop never seeing another's reviews.
// Reviews are created through the reviews plugin's API (the random ones through its import) and read through
// the ReviewFeed capability.
import { tenantFor } from '@plaudit/kernel';
import { startTestApi, type TestApi, updateShop } from '@plaudit/kernel/testing';
import { displayStore } from '../api/display-store';
import { forShoppers } from '../api/shopper-view';
import { withDisplayDefaults } from '../shared/display-settings';
import type { FeedSort, PublicReview, ReviewFeedApi, ReviewFeedQuery } from '@plaudit/contracts/reviews';
import {
  type Created,
  createReviews,
  feedOf,
  importedReviews,
  listenersDone,
  productGid,
  rng,
  SECRET,
  shopWithClient,
  signedQuery,
  submitAsCustomer,
} from './feed-helpers';

let api: TestApi;
let feed: ReviewFeedApi;
beforeAll(async () => {
  api = await startTestApi({ SHOPIFY_API_KEY: 'storefront-test-key', SHOPIFY_API_SECRET: SECRET });
  feed = feedOf(api);
});
/** Saves display settings as the plugin does (its settings change drops the cached answers). */
const saveDisplay = (shopId: number, value: Record<string, unknown>) => displayStore(api.runtime.services.settings).display.update(shopId, value);
afterAll(() => api.close());

const SORTS: FeedSort[] = ['featured', 'newest', 'highest', 'lowest', 'media'];
const PUBLIC_KEYS = [
  'author',
  'content',
  'country',
  'createdAt',
  'featured',
  'id',
  'incentivized',
  'kind',
  'locale',
  'media',
  'pinned',
  'productHandle',
  'productId',
  'productTitle',
  'rating',
  'reply',
  'title',
  'updatedAt',
  'variants',
  'verified',
];

type Row = Created;

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
    .filter((r) => q.productId === undefined || r.productId === q.productId)
    .filter((r) => !q.kind || r.kind === q.kind)
    .filter((r) => !q.productIds || (!!r.productId && q.productIds.includes(r.productId)))
    .filter((r) => !q.ids || q.ids.includes(r.id))
    .filter((r) => !q.stars || q.stars.includes(r.rating))
    .filter((r) => !q.withMedia || r.mediaCount > 0)
    .filter((r) => !q.testimonial || r.testimonial)
    .filter((r) => !q.customer || (!!q.customer.email && r.email.toLowerCase() === q.customer.email.toLowerCase()))
    .sort(compare(q.sort ?? 'featured'))
    .map((r) => r.id);
}

test('every sort and filter, paged by cursors, equals a brute-force ordering of random reviews', async () => {
  const { shop, http } = await shopWithClient(api);
  const other = await shopWithClient(api);
  const random = rng(20261202);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  // Few distinct timestamps, so ties on created_at are common and the id decides.
  const times = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i, 12, 0, 0, i * 7)));
  const make = (n: number) =>
    Array.from({ length: n }, () => {
      const store = random() < 0.15;
      const media =
        random() < 0.3
          ? Array.from({ length: 1 + Math.floor(random() * 2) }, (_, i) => ({ url: `https://cdn.example.com/p${i}.jpg`, type: 'image' as const }))
          : [];
      return {
        kind: store ? ('store' as const) : ('product' as const),
        productId: store ? null : productGid(pick([1, 2, 3])),
        rating: 1 + Math.floor(random() * 5),
        status: pick(['published', 'published', 'published', 'unpublished', 'trash'] as const),
        pinned: random() < 0.1,
        featured: random() < 0.2,
        testimonial: random() < 0.2,
        media,
        createdAt: pick(times),
        email: random() < 0.2 ? 'Buyer@Example.com' : `x${Math.floor(random() * 1e6)}@example.com`,
      };
    });
  // imported in one statement each: the feed's orders are the subject, not how 130 reviews arrive one by one
  const rows = await importedReviews(api, { shop, http }, make(110));
  await importedReviews(api, other, make(20));
  const someIds = rows.filter(() => random() < 0.3).map((r) => r.id);
  const filters: Omit<ReviewFeedQuery, 'limit'>[] = [
    {},
    { productId: productGid(1) },
    { productId: null },
    { kind: 'product' },
    { kind: 'store' },
    { stars: [1, 2] },
    { stars: [5], productId: productGid(2) },
    { withMedia: true },
    { testimonial: true },
    { ids: someIds },
    { productIds: [productGid(1), productGid(3)] },
    { customer: { email: 'buyer@example.com' } },
    { customer: { email: 'BUYER@example.com' } },
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

test('the product route pages with cursors and star filters; shoppers get no email or private data', async () => {
  const { http, direct } = await shopWithClient(api);
  const photo = 'https://cdn.example.com/photo.jpg';
  const created = await createReviews(
    http,
    Array.from({ length: 23 }, (_, i) => ({
      productId: productGid(42),
      rating: 1 + (i % 5),
      lastName: 'Lovelace',
      media: i % 4 === 0 ? [{ url: photo, type: 'image' as const }] : [],
    })),
  );
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
      for (const m of r.media) expect(m.url).toBe(photo);
    }
    seen.push(...res.body.data.map((r: { id: number }) => r.id));
    expect(res.body.pageInfo.hasNext).toBe(res.body.pageInfo.nextCursor !== null);
    if (!res.body.pageInfo.hasNext) break;
    after = res.body.pageInfo.nextCursor;
  }
  expect(seen).toEqual(bruteForce(created, { productId: productGid(42), stars: [4, 5], sort: 'highest' }));
  // A gid in the path works the same as the digits a theme sends.
  const byGid = await direct.get(`/api/products/${encodeURIComponent(productGid(42))}/reviews?limit=50`);
  expect(byGid.body.data).toHaveLength(23);
  // Every other route: still nothing private.
  for (const path of ['/api/reviews?limit=50', '/api/testimonials', '/api/carousel', '/api/popup', '/api/summaries?product_ids=42']) {
    const res = await direct.get(path);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/@example\.com|email|orderId|lineItem|customerId|Lovelace/);
  }
  // Photos stored by this app (relative /media URLs) reach shoppers as absolute URLs.
  const stored = { ...byGid.body.data[0], media: [{ url: '/media/photo.jpg', type: 'image' }] } as PublicReview;
  expect(forShoppers(stored, withDisplayDefaults({}), api.config.appUrl).media).toEqual([{ url: `${api.config.appUrl}/media/photo.jpg`, type: 'image' }]);
});

test('summaries for many products at once, keyed as asked; the reviewer-name setting applies', async () => {
  const { shop, http, direct } = await shopWithClient(api);
  await createReviews(http, [
    { productId: productGid(5), rating: 5 },
    { productId: productGid(5), rating: 4, media: [{ url: 'https://x.example/a.jpg', type: 'image' }] },
    { productId: productGid(6), rating: 2, status: 'unpublished' },
  ]);
  const res = await direct.get(`/api/summaries?product_ids=5,6,${encodeURIComponent(productGid(7))}`);
  expect(res.body.data).toEqual({
    5: { count: 2, average: 4.5, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 }, mediaCount: 1 },
    6: { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
    [productGid(7)]: { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 },
  });
  expect((await direct.get('/api/summaries')).status).toBe(400);
  expect((await direct.get(`/api/summaries?product_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`)).status).toBe(400);

  await saveDisplay(shop.id, { general: { reviewerName: 'first' } });
  expect((await direct.get('/api/products/5/reviews')).body.data.map((r: { author: string }) => r.author)).toEqual(['Ann', 'Ann']);
  await saveDisplay(shop.id, { general: { reviewerName: 'anonymous' } });
  expect((await direct.get('/api/products/5/reviews')).body.data.map((r: { author: string }) => r.author)).toEqual(['Anonymous', 'Anonymous']);
});

test('the all-reviews feed includes all, product or store reviews; testimonials, carousel and popup follow the display settings', async () => {
  const { shop, http, direct } = await shopWithClient(api);
  const [p1, p2, s1, t1, low] = await createReviews(http, [
    { rating: 5 },
    { rating: 4, productId: productGid(2), media: [{ url: 'https://x.example/a.jpg', type: 'image' }] },
    { kind: 'store', productId: null, rating: 5 },
    { rating: 5, testimonial: true },
    { rating: 2 },
  ]);
  const ids = async (path: string) => (await direct.get(path)).body.data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
  const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);
  expect(await ids('/api/reviews?include=all')).toEqual(sorted(p1, p2, s1, t1, low));
  expect(await ids('/api/reviews?include=product')).toEqual(sorted(p1, p2, t1, low));
  expect(await ids('/api/reviews?include=store')).toEqual(sorted(s1));
  // the all-reviews page's summary counts what it lists
  const basedOn = async () => /Based on (\d+) review/.exec((await direct.get('/widgets/all-reviews')).body)?.[1];
  expect(await basedOn()).toBe('5');
  await saveDisplay(shop.id, { allReviews: { include: 'store' } });
  expect(await basedOn()).toBe('1');
  await saveDisplay(shop.id, { allReviews: { include: 'product' } });
  expect(await basedOn()).toBe('4');
  expect(await ids('/api/testimonials')).toEqual(sorted(t1));
  expect(await ids('/api/carousel')).toEqual(sorted(p1, p2, s1, t1)); // 4 stars and more by default
  expect(await ids('/api/popup')).toEqual(sorted(p1, p2, t1)); // product reviews, 4 stars and more
  await saveDisplay(shop.id, {
    testimonial: { source: 'selected', selectedReviews: [low.id, s1.id] },
    carousel: { source: 'media', minRating: 1 },
    popup: { minRating: 1, maxReviews: 2 },
  });
  expect(await ids('/api/testimonials')).toEqual(sorted(s1, low));
  expect(await ids('/api/carousel')).toEqual(sorted(p2));
  expect(await ids('/api/popup')).toEqual(sorted(low, t1)); // the two newest
});

test('query parameters are validated; a malformed cursor or one of another sort is a 400', async () => {
  const { http, direct } = await shopWithClient(api);
  await createReviews(http, [{}, {}]);
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
  await updateShop(api, shop.id, { uninstalledAt: new Date() });
  const { invalidateShop } = await import('../api/cache');
  await invalidateShop(api.knex, shop.id);
  expect((await direct.get('/api/products/1/reviews')).status).toBe(404);
});

test("the app proxy refuses a bad or stale signature and answers a signed request, with the shopper's own reviews", async () => {
  const { http, domain } = await shopWithClient(api);
  const other = await shopWithClient(api);
  await createReviews(http, [{ productId: productGid(3) }, { productId: productGid(3) }]);
  // The shopper's own reviews are the ones they posted signed in (Shopify's customer id).
  const mine = await submitAsCustomer(api, domain, '77', { kind: 'store', content: 'Mine, signed in.' });
  await submitAsCustomer(api, domain, '78', { kind: 'store', content: 'Someone else, signed in.' });
  await submitAsCustomer(api, other.domain, '77', { kind: 'store', content: 'Mine, in another shop.' });
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
  const [mineA] = await createReviews(a.http, [{ productId: productGid(8), testimonial: true }]);
  const theirs = await createReviews(b.http, [
    { productId: productGid(8), testimonial: true },
    { kind: 'store', productId: null },
  ]);
  await a.direct.get('/api/testimonials');
  await saveDisplay(a.shop.id, { testimonial: { source: 'selected', selectedReviews: [mineA.id, theirs[0].id] } });
  const theirIds = new Set(theirs.map((r) => r.id));
  for (const path of [
    '/api/products/8/reviews?limit=50',
    '/api/reviews?limit=50',
    '/api/reviews?include=store',
    '/api/testimonials',
    '/api/carousel',
    '/api/popup',
  ]) {
    const res = await a.direct.get(path);
    expect(res.status).toBe(200);
    for (const r of res.body.data) expect(theirIds.has(r.id)).toBe(false);
  }
  expect((await a.direct.get('/api/testimonials')).body.data.map((r: { id: number }) => r.id)).toEqual([mineA.id]);
  expect((await a.direct.get('/api/summaries?product_ids=8')).body.data['8'].count).toBe(1);
});

test('what shoppers see changes the feed version the cache keys on; what they do not see leaves it', async () => {
  const { shop, http } = await shopWithClient(api);
  const tenant = tenantFor(shop.id, shop.shopifyDomain);
  const before = await feed.version(tenant);
  const [held] = await createReviews(http, [{ status: 'unpublished' }]);
  const [shown] = await createReviews(http, [{}]);
  // their ReviewCreated listeners store each review's detected language, which moves a shown review's version
  await listenersDone(api, [held, shown]);
  const published = await feed.version(tenant);
  expect(published).not.toBe(before);
  expect((await http.post('/api/reviews/bulk/feature', { ids: [shown.id] })).status).toBe(200);
  expect(await feed.version(tenant)).not.toBe(published);
  const featured = await feed.version(tenant);
  // A held review changing stays held.
  expect((await http.put(`/api/reviews/${held.id}`, { content: 'still held' })).status).toBe(200);
  expect(await feed.version(tenant)).toBe(featured);
});

test("a customer's own reviews for the portal: those awaiting approval only when asked, marked; what they reviewed in any state; nobody else's", async () => {
  const { http, domain, shop } = await shopWithClient(api);
  const other = await shopWithClient(api);
  const tenant = tenantFor(shop.id, domain);
  expect((await http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  // signed in through the proxy (Shopify's customer id); store reviews need no product look-up
  const held = await submitAsCustomer(api, domain, '91', { kind: 'store', content: 'Held for approval.' });
  expect(held.status).toBe('pending');
  await submitAsCustomer(api, domain, '92', { kind: 'store', content: 'Another customer, held.' });
  // by email too (a review from a request email carries the order's email, not the customer id)
  const [published, trashed] = await createReviews(http, [
    { productId: productGid(4), email: 'Ninety.One@example.com', createdAt: new Date(Date.now() - 60_000) },
    { productId: productGid(5), email: 'ninety.one@example.com', status: 'trash' },
    { productId: productGid(6), email: 'someone.else@example.com' },
  ]);
  await createReviews(other.http, [{ productId: productGid(3), email: 'ninety.one@example.com' }]);
  const customer = { id: '91', email: 'ninety.one@example.com' };

  const shown = await feed.reviews(tenant, { customer, sort: 'newest', limit: 20 });
  expect(shown.items.map((r) => r.id)).toEqual([published.id]);
  expect(shown.items[0].pending).toBeUndefined();
  const withPending = await feed.reviews(tenant, { customer: { ...customer, includePending: true }, sort: 'newest', limit: 20 });
  expect(withPending.items.map((r) => [r.id, r.pending ?? false])).toEqual([
    [held.id, true],
    [published.id, false],
  ]);
  // the shop's public lists never carry reviews awaiting approval
  expect((await feed.reviews(tenant, { sort: 'newest', limit: 20 })).items.every((r) => !r.pending)).toBe(true);

  const asked = [1, 2, 3, 4, 5, 6].map(productGid);
  expect(trashed.status).toBe('trash');
  expect((await feed.reviewedProducts(tenant, customer, asked)).sort()).toEqual([productGid(4), productGid(5)].sort());
  expect(await feed.reviewedProducts(tenant, {}, asked)).toEqual([]);
  expect(await feed.reviewedProducts(tenantFor(other.shop.id, other.domain), customer, asked)).toEqual([productGid(3)]);
});
