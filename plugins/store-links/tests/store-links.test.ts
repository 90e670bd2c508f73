// Issue 33, deliverable 2, on the real stack (API, PostgreSQL, Temporal with this file's worker, the
// store emulator): two emulated shops whose catalogues share SKUs, linked by a code made in one admin
// and entered in the other. A review written on A for a product whose variant SKU B also sells shows
// on B's product, marked "From our store in France"; B's reviews go to A the same way. The copy counts
// in A's analytics only, is not sent by B to Shopify (syndication) or Google (feed); unlinking removes
// the copies on both sides. Bad codes and another shop's link are refused.
import { ReviewAdmin, ReviewAnalytics } from '@plaudit/contracts/reviews';
import { client, eventually, tenantFor, updateShop, usePlatformStackWithWorker, withPlugins } from '@plaudit/kernel/testing';

jest.setTimeout(300_000);

const env = usePlatformStackWithWorker('store-links');

/** An installed emulated shop in `country`, on a plan with syndication, and its admin client. */
async function shopIn(country: string) {
  const { stack } = env;
  const installed = await stack.installShop();
  stack.emulator.store.shop(installed.domain)!.address.countryCode = country;
  await updateShop(stack.api, installed.shop.id, { plan: 'pro' });
  const http = client(stack.appUrl, installed.appToken);
  // the seeded catalogue: every shop has the same products, so the same SKUs, under its own ids
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  return { ...installed, http, product: { id: `gid://shopify/Product/${product.id}`, title: product.title, handle: product.handle } };
}
type Shop = Awaited<ReturnType<typeof shopIn>>;

async function review(s: Shop, content: string): Promise<number> {
  const res = await s.http.post('/api/reviews', {
    productId: s.product.id,
    productTitle: s.product.title,
    productHandle: s.product.handle,
    rating: 5,
    content,
    firstName: 'Ada',
    lastName: 'Lovelace',
    status: 'published',
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const box = async (s: Shop) =>
  (await fetch(`${env.stack.appUrl}/storefront/shops/${s.domain}/widgets/review-box?product_id=${encodeURIComponent(s.product.id)}&scripts=0`)).text();

/** Reviews counted in the shop's analytics over the last and next day (the reviews plugin's source). */
async function analyticsCount(s: Shop): Promise<number> {
  const source = env.stack.api.runtime.services.capabilities.get(ReviewAnalytics)!;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const days = await source.days(tenantFor(s.shop.id, s.domain), { from: day(-1), to: day(1), timezone: 'UTC' });
  return Object.values(days).reduce((n, facts) => n + (facts['reviews.count'] ?? 0), 0);
}

withPlugins(
  'reviews',
  'widgets',
  'syndication',
)('linked by a code, reviews cross by SKU marked with their store, counted and syndicated once; unlink removes them', async () => {
  const { stack } = env;
  const [a, b] = [await shopIn('FR'), await shopIn('DE')];
  // B sends its reviews to Shopify's product reviews: its own one goes, a copy never
  expect((await b.http.put('/api/syndication/settings', { shopifyEnabled: true })).status).toBe(200);
  const before = await review(a, 'Written in Paris before the link.');
  const own = await review(b, 'Geschrieben in Berlin.');

  // bad codes: a 400 naming the field, never a 5xx
  expect((await b.http.post('/api/store-links', { code: 'nope' })).body.errors.code).toBeDefined();
  expect((await b.http.post('/api/store-links', { code: 'AAAA-BBBB-CCCC' })).status).toBe(400);
  expect((await b.http.post('/api/store-links', {})).status).toBe(400);
  const mine = (await b.http.post('/api/store-links/code')).body.code;
  expect((await b.http.post('/api/store-links', { code: mine })).status).toBe(400);

  // A makes a code, B enters it (lower case, spaces: forgiven); both see the link
  const made = await a.http.post('/api/store-links/code');
  expect(made.status).toBe(201);
  expect(made.body.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const joined = await b.http.post('/api/store-links', { code: ` ${made.body.code.toLowerCase().replace(/-/g, ' ')} ` });
  expect(joined.status).toBe(201);
  expect(joined.body.links).toEqual([expect.objectContaining({ partnerDomain: a.domain, partnerCountry: 'FR', state: 'linked' })]);
  const seenByA = (await a.http.get('/api/store-links')).body.links;
  expect(seenByA).toEqual([expect.objectContaining({ partnerDomain: b.domain, partnerCountry: 'DE', state: 'linked' })]);
  // the code is used up; a second link between the same shops is a 409
  expect((await b.http.post('/api/store-links', { code: made.body.code })).status).toBe(400);
  const again = (await a.http.post('/api/store-links/code')).body.code;
  expect((await b.http.post('/api/store-links', { code: again })).status).toBe(409);

  // the full pass: A's earlier review on B's product with the same SKU, marked with its store; B's on A.
  // The box reads its summary before its page, so a render while the copy commits can list the copy
  // beside the count before it: the page awaited is the one showing both
  const onB = await eventually(async () => {
    const html = await box(b);
    return html.includes('Written in Paris before the link.') && html.includes('Based on 2 reviews') && html;
  }, 120_000);
  expect(onB).toContain('From our store in France');
  // Google reads the copy on its own store's page only: B's structured data marks up B's own review
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(onB)![1]);
  expect(ld.review.map((r: { reviewBody: string }) => r.reviewBody)).toEqual(['Geschrieben in Berlin.']);
  // and its rating counts B's own reviews only (Google takes no reviews written on another site),
  // while the page's summary counts both
  expect(ld.aggregateRating).toMatchObject({ reviewCount: 1, ratingValue: 5 });
  expect(await eventually(async () => (await box(a)).includes('From our store in Germany'), 120_000)).toBe(true);
  // a review written after the link follows through the review events
  await review(a, 'Written in Lyon after the link.');
  await eventually(async () => (await box(b)).includes('Written in Lyon after the link.'), 120_000);
  await eventually(async () => (await b.http.get('/api/store-links')).body.links[0].received === 2, 30_000);

  // counted once: B's analytics count B's own review only, A's its two
  expect(await analyticsCount(b)).toBe(1);
  expect(await analyticsCount(a)).toBe(2);

  // never syndicated by B: its re-sync sends its own review and not the copies; its Google feed has none
  const metaobjects = () => stack.emulator.store.shop(b.domain)!.metaobjects.filter((m) => m.type === 'product_review');
  await eventually(async () => metaobjects().length === 1, 60_000);
  expect((await b.http.post('/api/syndication/resync', { channel: 'shopify' })).status).toBe(202);
  await eventually(async () => !!(await b.http.get('/api/syndication')).body.shopify.resync?.finishedAt, 60_000);
  expect(metaobjects().map((m) => m.handle)).toEqual([expect.stringContaining(String(own))]);
  const feed = await (await fetch(`${stack.appUrl}/storefront/shops/${b.domain}/feeds/google-product-reviews.xml`)).text();
  expect(feed).toContain('Geschrieben in Berlin.');
  expect(feed).not.toContain('Written in');

  // another shop's link is out of reach; B unlinks and the copies leave both shops
  const linkOfB = (await b.http.get('/api/store-links')).body.links[0];
  expect((await a.http.delete(`/api/store-links/${linkOfB.id + 1_000_000}`)).status).toBe(404);
  const unlinked = await b.http.delete(`/api/store-links/${linkOfB.id}`);
  expect(unlinked.status).toBe(202);
  await eventually(async () => (await a.http.get('/api/store-links')).body.links.length === 0, 120_000);
  expect((await b.http.get('/api/store-links')).body.links).toEqual([]);
  const afterB = await eventually(async () => {
    const html = await box(b);
    return !html.includes('Written in') && html;
  }, 60_000);
  expect(afterB).toContain('Geschrieben in Berlin.');
  expect(afterB).not.toContain('From our store in');
  await eventually(async () => !(await box(a)).includes('Geschrieben in Berlin.'), 60_000);
  // the origin reviews stay where they were written
  expect(await stack.api.runtime.services.capabilities.get(ReviewAdmin)!.get(tenantFor(a.shop.id, a.domain), before)).toMatchObject({ status: 'published' });
});

test('the screen answers only its own shop and refuses a malformed id', async () => {
  const s = await shopIn('US');
  expect((await s.http.get('/api/store-links')).body).toMatchObject({ links: [], codeExpiresAt: null });
  expect((await s.http.delete('/api/store-links/abc')).status).toBe(404);
  expect((await client(env.stack.appUrl, 'not-a-token').get('/api/store-links')).status).toBe(401);
});
