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
import { eventually, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { displayStore } from '../api/display-store';
import { createReviews, importReviews, productGid, shopWithClient } from './feed-helpers';

// Reviews come from the reviews plugin: the merchant's API for what a merchant can write (verified
// buyers through the bulk action), its `ReviewWrite` capability for demo rows, text-less ratings
// and the 10,050-review shop (one statement, like a real import). The Google feed reads no summaries.
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
  const { shop, http } = await shopWithClient(api, { domain: 'shop.example.com', name: 'Ada & <Co> "Shop"' });
  const inserted = await createReviews(http, [
    ...PAYLOADS.map((p, i) => ({
      productId: productGid(100 + i),
      productTitle: `${p} title`,
      productHandle: `handle-${i}`,
      title: p,
      content: `${p} content\u0001\u0008`,
      firstName: p.slice(0, 20),
      lastName: 'Ängström',
      rating: 1 + i,
      verified: i % 2 === 0,
      media: [
        { url: '/media/photo.jpg', type: 'image' as const },
        { url: 'https://cdn.example.com/v.mp4', type: 'video' as const },
      ],
    })),
    { status: 'unpublished', content: 'hidden' },
    { kind: 'store', productId: null, content: 'about the store' },
    { productHandle: undefined, content: 'no page known' },
  ]);
  await importReviews(api, shop, [
    { productId: productGid(1), productTitle: 'Wool Hat', productHandle: 'wool-hat', rating: 5, firstName: 'Ann', content: 'a demo review', demo: true },
    { productId: productGid(1), productTitle: 'Wool Hat', productHandle: 'wool-hat', rating: 5, firstName: 'Ann', content: '   ', title: null },
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
  const { shop, http } = await shopWithClient(api, { name: 'Bulk' });
  // one import per 10,000 rows (the capability's limit), as an importer would send them
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: 10_050 }, (_, i) => {
    const g = i + 1;
    return {
      productId: productGid(g % 40),
      productTitle: `Product ${g % 40}`,
      productHandle: `product-${g % 40}`,
      rating: 1 + (g % 5),
      content: `Review ${g}`,
      firstName: 'Bo',
      lastName: 'Ng',
      createdAt: new Date(start + g * 1000),
    };
  });
  const ids = [...(await importReviews(api, shop, rows.slice(0, 10_000))), ...(await importReviews(api, shop, rows.slice(10_000)))];
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
  // A change to the shop's reviews is a new version: the full feed again (the merchant unpublishes the newest).
  expect((await http.post('/api/reviews/bulk/unpublish', { ids: [ids[ids.length - 1]] })).status).toBe(200);
  // The notification reaches the API a moment after the commit.
  const changed = await eventually(
    async () => {
      const res = await fetch(url, { headers: { 'If-None-Match': etag } });
      return res.status !== 304 && res;
    },
    20_000,
    20,
  );
  expect(changed.status).toBe(200);
  expect(xpath(await changed.text(), 'string(/feed/reviews/review[1]/content)')).toBe('Review 10049');
});

test('a shop without reviews gets a valid empty feed; the anonymous setting reaches the feed', async () => {
  const { shop, http } = await shopWithClient(api);
  const url = `${api.url}/storefront/shops/${shop.shopifyDomain}${FEED}`;
  const empty = await (await fetch(url)).text();
  expect(empty).not.toContain('<reviews>');
  expect(validate(empty).ok).toBe(true);
  await createReviews(http, [{}]);
  await displayStore(api.runtime.services.settings).display.update(shop.id, { general: { reviewerName: 'anonymous' } });
  const xml = await (await fetch(url)).text();
  expect(validate(xml).ok).toBe(true);
  expect(xpath(xml, 'string(/feed/reviews/review/reviewer/name/@is_anonymous)')).toBe('true');
  expect(xpath(xml, 'string(/feed/reviews/review/reviewer/name)')).toBe('Anonymous');
  expect((await fetch(`${api.url}/storefront/shops/unknown-shop.myshopify.com${FEED}`)).status).toBe(404);
});
