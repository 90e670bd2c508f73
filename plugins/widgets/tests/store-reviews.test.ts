// Store reviews on the web (issue 34, deliverable 4) over a real API and database: the shop's
// public reviews page (what it lists and counts, numbered pages linked both ways, canonical and
// language links, robots, the disclosure link, the shopper's language, 4xx for bad pages and
// unknown shops, through either mount), its Organization JSON-LD, the store badge, and a product's
// JSON-LD that never takes in a store review.
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { displayStore } from '../api/display-store';
import { createReviews, listenersDone, SECRET, shopWithClient, signedQuery } from './feed-helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ SHOPIFY_API_KEY: 'store-reviews-key', SHOPIFY_API_SECRET: SECRET });
});
afterAll(() => api.close());

const saveDisplay = (shopId: number, value: Record<string, unknown>) => displayStore(api.runtime.services.settings).display.update(shopId, value);
const PRODUCT = 'gid://shopify/Product/7001';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** Three store reviews (5, 4, 3 stars) and four of a product (all 2 stars), the newest first by their number. */
async function shopWithBothKinds() {
  const s = await shopWithClient(api);
  const store = await createReviews(
    s.http,
    [5, 4, 3].map((rating, i) => ({ kind: 'store' as const, productId: null, rating, content: `store says ${i}`, createdAt: minutesAgo(i * 2) })),
  );
  const product = await createReviews(
    s.http,
    [0, 1, 2, 3].map((i) => ({
      productId: PRODUCT,
      productTitle: 'Linen Scarf',
      productHandle: 'linen-scarf',
      rating: 2,
      content: `scarf says ${i}`,
      createdAt: minutesAgo(i * 2 + 1),
    })),
  );
  const shop = (await api.runtime.services.shops.byDomain(s.domain))!;
  // their listeners' late writes (a detected language) move the versions the 304 below is checked against
  await listenersDone(api, [...store, ...product]);
  return { ...s, store, product, name: shop.name, storeDomain: shop.publicDomain || shop.domain };
}

const html = (res: { body: unknown }) => res.body as string;
const articles = (page: string) => page.match(/<article class="pl-review"/g)?.length ?? 0;
const contents = (page: string) => [...page.matchAll(/>((?:store|scarf) says \d)</g)].map((m) => m[1]);
const jsonLds = (page: string) => [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const linkHref = (page: string, rel: string) => [...page.matchAll(/<link rel="(\w+)" href="([^"]*)"[^>]*>/g)].find((m) => m[1] === rel)?.[2];
const fromAttr = (s: string | undefined) => s?.replace(/&amp;/g, '&');

test('the page lists store and product reviews, counts what it lists, and marks the store up as an Organization', async () => {
  const { direct, domain, name, storeDomain } = await shopWithBothKinds();
  const res = await direct.get('/reviews');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-language')).toBe('en');
  const page = html(res);
  expect(page).toContain('<meta name="robots" content="index,follow">');
  expect(page).toContain(`<h1>What customers say about ${name}</h1>`);
  expect(page).toContain('Based on 7 reviews');
  expect(articles(page)).toBe(7);
  // newest first, both kinds; each store review says so, each product review names its product
  expect(contents(page)).toEqual(['store says 0', 'scarf says 0', 'store says 1', 'scarf says 1', 'store says 2', 'scarf says 2', 'scarf says 3']);
  expect(page.match(/Review of the store/g)).toHaveLength(3);
  expect(page.match(/>Linen Scarf</g)).toHaveLength(4);
  expect(page).toContain(`href="${api.config.appUrl}/storefront/shops/${domain}/how-reviews-are-collected?locale=en">How reviews are collected</a>`);
  // one page only: no page links; the canonical address is on the shop's own domain
  expect(linkHref(page, 'next')).toBeUndefined();
  expect(linkHref(page, 'prev')).toBeUndefined();
  expect(fromAttr(linkHref(page, 'canonical'))).toBe(`https://${storeDomain}/apps/plaudit/reviews?locale=en`);
  expect(page.match(/<link rel="alternate" href="[^"]+" hreflang="[\w-]+">/g)).toHaveLength(12);
  expect(page).toContain(`<link rel="alternate" href="https://${storeDomain}/apps/plaudit/reviews?locale=de" hreflang="de">`);

  const [org, ...more] = jsonLds(page);
  expect(more).toEqual([]);
  expect(org).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    url: `https://${storeDomain}/`,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 3, bestRating: 5, worstRating: 1 },
    review: expect.any(Array),
  });
  expect(org.review).toHaveLength(3);
  for (const r of org.review) {
    expect(r).toMatchObject({ '@type': 'Review', reviewRating: { '@type': 'Rating', bestRating: 5, worstRating: 1 }, author: { '@type': 'Person' } });
    expect(r.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.reviewBody).toMatch(/^store says \d$/);
  }
  expect(JSON.stringify(org)).not.toContain('scarf');

  // the same answer again from the cache, with its validator
  const again = await fetch(`${api.url}/storefront/shops/${domain}/reviews`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
  expect(again.status).toBe(304);
});

test("a product's JSON-LD never counts or carries a store review", async () => {
  const { direct } = await shopWithBothKinds();
  const box = html(await direct.get('/widgets/review-box?product_id=7001'));
  const nodes = jsonLds(box);
  expect(nodes).toHaveLength(1);
  expect(nodes[0]).toMatchObject({ '@type': 'Product', name: 'Linen Scarf', aggregateRating: { reviewCount: 4, ratingValue: 2 } });
  expect(nodes[0].review.map((r: { reviewBody: string }) => r.reviewBody).sort()).toEqual(['scarf says 0', 'scarf says 1', 'scarf says 2', 'scarf says 3']);
  expect(JSON.stringify(nodes)).not.toContain('store says');
  expect(JSON.stringify(nodes)).not.toContain('Organization');
});

test('numbered pages: rel prev and next, every review once, a page past the last 404, a malformed number 400', async () => {
  const { shop, direct, domain, storeDomain } = await shopWithBothKinds();
  await saveDisplay(shop.id, { allReviews: { perPage: 2 } });
  const base = `${api.config.appUrl}/storefront/shops/${domain}/reviews`;
  const seen: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const res = await direct.get(n === 1 ? '/reviews' : `/reviews?page=${n}`);
    expect([n, res.status]).toEqual([n, 200]);
    const page = html(res);
    expect(page).toContain('Based on 7 reviews');
    expect(page).toContain(`Page ${n} of 4`);
    seen.push(...contents(page));
    expect(fromAttr(linkHref(page, 'canonical'))).toBe(`https://${storeDomain}/apps/plaudit/reviews?${n === 1 ? '' : `page=${n}&`}locale=en`);
    expect(fromAttr(linkHref(page, 'prev'))).toBe(n === 1 ? undefined : n === 2 ? `${base}?locale=en` : `${base}?page=${n - 1}&locale=en`);
    expect(fromAttr(linkHref(page, 'next'))).toBe(n === 4 ? undefined : `${base}?page=${n + 1}&locale=en`);
    // the same links in the page for people
    if (n < 4) expect(page).toContain(`<a href="${base}?page=${n + 1}&amp;locale=en" rel="next">Next page</a>`);
    if (n > 1) expect(page).toContain('rel="prev">Previous page</a>');
  }
  expect(seen).toHaveLength(7);
  expect(new Set(seen).size).toBe(7);

  const past = await direct.get('/reviews?page=5');
  expect(past.status).toBe(404);
  expect(html(past)).toContain('There is no such page of reviews.');
  expect(html(past)).toContain('<meta name="robots" content="noindex">');
  for (const bad of ['0', '-1', '1.5', 'abc', '01', '100000', '2&page=3']) {
    const res = await direct.get(`/reviews?page=${bad}`);
    expect([bad, res.status]).toEqual([bad, 400]);
    expect(html(res)).toContain('There is no such page of reviews.');
  }
});

test('store reviews only: the page and the summary hold exactly those; product reviews only: no Organization', async () => {
  const { shop, direct } = await shopWithBothKinds();
  await saveDisplay(shop.id, { allReviews: { include: 'store' } });
  const page = html(await direct.get('/reviews'));
  expect(page).toContain('Based on 3 reviews');
  expect(contents(page)).toEqual(['store says 0', 'store says 1', 'store says 2']);
  expect(jsonLds(page)[0].review).toHaveLength(3);

  await saveDisplay(shop.id, { allReviews: { include: 'product' } });
  const products = html(await direct.get('/reviews'));
  expect(products).toContain('Based on 4 reviews');
  expect(contents(products)).toEqual(['scarf says 0', 'scarf says 1', 'scarf says 2', 'scarf says 3']);
  expect(jsonLds(products)).toEqual([]);
});

test("the shopper's language: German words, lang, Content-Language; rich snippets off: no JSON-LD", async () => {
  const { http, direct, name } = await shopWithBothKinds();
  const res = await direct.get('/reviews?locale=de-CH');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-language')).toBe('de');
  const page = html(res);
  expect(page).toMatch(/^<!doctype html><html lang="de">/);
  expect(page).toContain(`<h1>Das sagen Kunden über ${name}</h1>`);
  expect(page).toContain('Bewertung des Shops');
  expect(page).toContain('Wie Bewertungen gesammelt werden');
  expect(page).not.toContain('Review of the store');

  expect((await http.put('/api/reviews/settings', { richSnippets: false })).status).toBe(200);
  expect(jsonLds(html(await direct.get('/reviews')))).toEqual([]);
});

test('through the app proxy: links stay on the shop domain; unknown shops and a switched-off page are 404 pages, never 5xx', async () => {
  const { shop, domain, storeDomain } = await shopWithBothKinds();
  await saveDisplay(shop.id, { allReviews: { perPage: 5 } });
  const proxied = await fetch(`${api.url}/storefront/proxy/reviews?${signedQuery(domain, { page: '2' })}`);
  expect(proxied.status).toBe(200);
  const page = await proxied.text();
  expect(contents(page)).toEqual(['scarf says 2', 'scarf says 3']);
  expect(fromAttr(linkHref(page, 'prev'))).toBe('/apps/plaudit/reviews?locale=en');
  expect(fromAttr(linkHref(page, 'canonical'))).toBe(`https://${storeDomain}/apps/plaudit/reviews?page=2&locale=en`);

  for (const url of [
    `${api.url}/storefront/shops/nobody-here.myshopify.com/reviews`,
    `${api.url}/storefront/shops/not a shop/reviews`,
    `${api.url}/storefront/proxy/reviews?${signedQuery('nobody-here.myshopify.com')}`,
  ]) {
    const res = await fetch(url);
    expect([url, res.status]).toEqual([url, 404]);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('No shop at this address shows its reviews with Plaudit.');
  }
  const german = await fetch(`${api.url}/storefront/shops/nobody-here.myshopify.com/reviews?locale=de`);
  expect(await german.text()).toContain('Unter dieser Adresse zeigt kein Shop seine Bewertungen mit Plaudit.');
  // a wrong signature is still refused as before (not turned into a page)
  expect((await fetch(`${api.url}/storefront/proxy/reviews?${signedQuery(domain, {}, { secret: 'wrong' })}`)).status).toBe(401);

  await saveDisplay(shop.id, { allReviews: { enabled: false } });
  const off = await fetch(`${api.url}/storefront/shops/${domain}/reviews`);
  expect(off.status).toBe(404);
  expect(await off.text()).toContain('This shop does not show a reviews page.');
});

test("the store badge: the store's own rating and count, linking to the reviews page; nothing without store reviews or with the page off", async () => {
  const { shop, direct, domain } = await shopWithBothKinds();
  const badge = html(await direct.get('/widgets/store-badge'));
  expect(badge).toMatch(/^<div class="pl-widget pl-w-store-badge" data-pl-widget="store-badge"/);
  expect(badge).not.toContain('<script');
  expect(badge).toContain(`<a class="pl-store-badge" href="${api.config.appUrl}/storefront/shops/${domain}/reviews?locale=en"`);
  expect(badge).toContain('<span class="pl-badge-average" aria-hidden="true">4.0</span>');
  expect(badge).toContain('3 store reviews');
  expect(badge).toContain('aria-label="4 out of 5 stars, 3 store reviews. Read the reviews of');
  const french = html(await direct.get('/widgets/store-badge?locale=fr'));
  expect(french).toContain('3 avis sur la boutique');
  expect(french).toContain('reviews?locale=fr"');

  const proxied = await (await fetch(`${api.url}/storefront/proxy/widgets/store-badge?${signedQuery(domain)}`)).text();
  expect(proxied).toContain('<a class="pl-store-badge" href="/apps/plaudit/reviews?locale=en"');

  const products = await shopWithClient(api);
  await createReviews(products.http, [{ productId: PRODUCT }]);
  const none = await products.direct.get('/widgets/store-badge');
  expect(none.status).toBe(200);
  expect(none.body ?? '').toBe('');

  await saveDisplay(shop.id, { allReviews: { enabled: false } });
  expect((await direct.get('/widgets/store-badge')).body ?? '').toBe('');
});
