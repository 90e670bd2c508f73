// The Google Product Ratings feed: valid against Google's product_reviews.xsd with xmllint (Debian's
// libxml2), hostile and unicode text carried through as text, published product reviews only,
// newest first, at most 10,000, and 304 for a fetch that already has the current version.
//
// The schema copy here is 2.2, whose <version> is fixed to "2.2"; 2.3 and 2.4 only add optional
// elements and the feed writes none of them, so the document checked is the feed with its version
// line set to 2.2 - every other byte as served.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApi, type TestApi } from '../../../tests/support/api';
import { insertReviews, productGid, reviewRow, shopWithClient } from './feed-helpers';

const XSD = path.resolve(__dirname, '../../../tests/fixtures/google/product_reviews-2.2.xsd');
const FEED = '/feeds/google-product-reviews.xml';

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-feed-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await api.close();
});

function validate(xml: string): { ok: boolean; output: string } {
  expect(xml).toContain('<version>2.4</version>');
  const file = path.join(dir, `feed-${Date.now()}-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, xml.replace('<version>2.4</version>', '<version>2.2</version>'));
  const run = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

/** A value read back by an XML parser (xmllint's XPath), i.e. what Google will see. */
function xpath(xml: string, expr: string): string {
  const file = path.join(dir, `q-${Date.now()}-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, xml);
  return execFileSync('xmllint', ['--xpath', expr, file], { encoding: 'utf8' }).replace(/\n$/, ''); // xmllint ends with a newline
}

const PAYLOADS = [
  '<script>alert("x")</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)><![CDATA[ ]]> ]]> &amp; &lt;',
  'Très bien 👍🏽 — 很好 — 아주 좋아요 — ممتاز — e\u0301',
];

test('hostile and unicode reviews make a feed that validates, carrying every character as text', async () => {
  const { shop, direct } = await shopWithClient(api, { domain: 'shop.example.com', name: 'Ada & <Co> "Shop"' });
  const rows = PAYLOADS.map((p, i) => reviewRow(shop.id, {
    productId: productGid(100 + i), productTitle: `${p} title`, productHandle: `handle-${i}`, title: p, content: `${p} content\u0001\u0008`,
    firstName: p.slice(0, 20), lastName: 'Ängström', rating: 1 + i, verified: i % 2 === 0,
    media: JSON.stringify([{ url: '/media/photo.jpg', type: 'image' }, { url: 'https://cdn.example.com/v.mp4', type: 'video' }]),
  }));
  const inserted = await insertReviews(api, [
    ...rows,
    reviewRow(shop.id, { status: 'unpublished', content: 'hidden' }),
    reviewRow(shop.id, { kind: 'store', productId: null, content: 'about the store' }),
    reviewRow(shop.id, { demo: true, content: 'a demo review' }),
    reviewRow(shop.id, { productHandle: null, content: 'no page known' }),
    reviewRow(shop.id, { content: '   ', title: null }),
  ]);
  const res = await fetch(`${api.url}/storefront/shops/${shop.shopifyDomain}${FEED}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  const check = validate(xml);
  expect(check.output).toContain('validates');
  expect(check.ok).toBe(true);
  // Only the five published product reviews with text and a product page.
  expect(xpath(xml, 'count(/feed/reviews/review)')).toBe('5');
  expect(xml).not.toMatch(/hidden|about the store|a demo review|no page known/);
  expect(xml).not.toMatch(/<script|<img|<svg/);
  expect(xml).not.toMatch(/@example\.com/);
  expect(xpath(xml, 'string(/feed/publisher/name)')).toBe('Ada & <Co> "Shop"');
  for (const [i, p] of PAYLOADS.entries()) {
    const id = inserted[i].id;
    const review = `/feed/reviews/review[review_id="${id}"]`;
    expect(xpath(xml, `string(${review}/title)`)).toBe(p);
    expect(xpath(xml, `string(${review}/content)`)).toBe(`${p} content`); // control characters dropped
    expect(xpath(xml, `string(${review}/products/product/product_name)`)).toBe(`${p} title`);
    expect(xpath(xml, `string(${review}/products/product/product_url)`)).toBe(`https://shop.example.com/products/handle-${i}`);
    expect(xpath(xml, `string(${review}/products/product/product_ids/skus/sku)`)).toBe(String(100 + i));
    expect(xpath(xml, `string(${review}/ratings/overall)`)).toBe(String(1 + i));
    expect(xpath(xml, `string(${review}/reviewer/name)`)).toBe(`${p.slice(0, 20).trim()} Ä.`);
    expect(xpath(xml, `count(${review}/reviewer_images/reviewer_image)`)).toBe('1');
    expect(xpath(xml, `string(${review}/reviewer_images/reviewer_image/url)`)).toBe(`${api.config.appUrl}/media/photo.jpg`);
    expect(xpath(xml, `count(${review}/collection_method)`)).toBe(i % 2 === 0 ? '1' : '0');
  }
});

test('newest first, at most 10,000 reviews, and 304 while nothing changed', async () => {
  const { shop } = await shopWithClient(api, { name: 'Bulk' });
  // tenancy: test set-up for its own shop
  await api.knex.raw(
    `INSERT INTO reviews (shop_id, kind, product_id, product_title, product_handle, rating, content, first_name, last_name, source, status, created_at)
     SELECT ?, 'product', 'gid://shopify/Product/' || (g % 40), 'Product ' || (g % 40), 'product-' || (g % 40), 1 + g % 5, 'Review ' || g, 'Bo', 'Ng',
            'customer', 'published', timestamp '2026-01-01' + make_interval(secs => g)
       FROM generate_series(1, 10050) g`,
    [shop.id],
  );
  const url = `${api.url}/storefront/shops/${shop.shopifyDomain}${FEED}`;
  const res = await fetch(url);
  const xml = await res.text();
  expect(xpath(xml, 'count(/feed/reviews/review)')).toBe('10000');
  expect(xpath(xml, 'string(/feed/reviews/review[1]/content)')).toBe('Review 10050');
  expect(xpath(xml, 'string(/feed/reviews/review[10000]/content)')).toBe('Review 51');
  expect(validate(xml).ok).toBe(true);
  const etag = res.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"/);
  const again = await fetch(url, { headers: { 'If-None-Match': etag } });
  expect(again.status).toBe(304);
  // A change to the shop's reviews is a new version: the full feed again.
  // tenancy: test set-up for its own shop
  await api.knex('reviews').where({ shopId: shop.id }).where('content', 'Review 10050').update({ status: 'unpublished' });
  // The notification reaches the API a moment after the commit.
  let changed = await fetch(url, { headers: { 'If-None-Match': etag } });
  for (const started = Date.now(); changed.status === 304 && Date.now() - started < 1000;) {
    await new Promise((r) => setTimeout(r, 20));
    changed = await fetch(url, { headers: { 'If-None-Match': etag } });
  }
  expect(changed.status).toBe(200);
  expect(xpath(await changed.text(), 'string(/feed/reviews/review[1]/content)')).toBe('Review 10049');
});

test('a shop without reviews gets a valid empty feed; the anonymous setting reaches the feed', async () => {
  const { shop } = await shopWithClient(api);
  const url = `${api.url}/storefront/shops/${shop.shopifyDomain}${FEED}`;
  const empty = await (await fetch(url)).text();
  expect(empty).not.toContain('<reviews>');
  expect(validate(empty).ok).toBe(true);
  await insertReviews(api, [reviewRow(shop.id)]);
  await api.knex('settings').insert({ shopId: shop.id, namespace: 'display', value: { general: { reviewerName: 'anonymous' } } });
  const { invalidateShop } = await import('../api/cache');
  await invalidateShop(api.knex, shop.id);
  const xml = await (await fetch(url)).text();
  expect(validate(xml).ok).toBe(true);
  expect(xpath(xml, 'string(/feed/reviews/review/reviewer/name/@is_anonymous)')).toBe('true');
  expect(xpath(xml, 'string(/feed/reviews/review/reviewer/name)')).toBe('Anonymous');
  expect((await fetch(`${api.url}/storefront/shops/unknown-shop.myshopify.com${FEED}`)).status).toBe(404);
});
