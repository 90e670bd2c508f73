// The Google feed's product identifiers from the store's catalogue (the store emulator's products:
// EAN-13 barcodes on their variants, SKUs, the shop as vendor; one handmade product without
// barcodes): GTINs, SKUs and the brand in <product_ids>, valid against Google's schema; a product
// without a barcode still goes, matched by SKU and brand. GTIN validation on its own in isGtin's cases.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { client, startPlatformStack } from '@plaudit/kernel/testing';
import { isGtin } from '../api/product-ids';

const XSD = path.resolve(__dirname, '../../../tests/fixtures/google/product_reviews-2.2.xsd');
let stack: Awaited<ReturnType<typeof startPlatformStack>>;
let dir: string;
beforeAll(async () => {
  stack = await startPlatformStack();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-feed-ids-'));
}, 120_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await stack?.close();
});

const file = (xml: string) => {
  const f = path.join(dir, `feed-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(f, xml);
  return f;
};
const xpath = (xml: string, expr: string) => execFileSync('xmllint', ['--xpath', expr, file(xml)], { encoding: 'utf8' }).replace(/\n$/, '');

test('GTINs, SKUs and the brand from the catalogue; a product without a barcode goes by SKU and brand; the feed validates', async () => {
  const { domain, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const products = stack.emulator.store.shop(domain)!.products;
  const withBarcodes = products.find((p) => p.variants.every((v) => v.barcode))!;
  const handmade = products.find((p) => p.variants.every((v) => !v.barcode))!;
  const review = async (p: typeof withBarcodes) => {
    // no handle given: the feed finds the product page in the catalogue too
    const res = await http.post('/api/reviews', {
      productId: `gid://shopify/Product/${p.id}`,
      productTitle: p.title,
      rating: 5,
      content: 'Just right.',
      firstName: 'Ann',
      status: 'published',
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const [barcoded, plain] = [await review(withBarcodes), await review(handmade)];

  const res = await fetch(`${stack.appUrl}/storefront/shops/${domain}/feeds/google-product-reviews.xml`);
  expect(res.status).toBe(200);
  const xml = await res.text();
  // The emulator's storefront is on localhost:<port>, which Google's URL pattern (a dot in the host)
  // refuses; a real store's domain has one. Validated with that host spelled as a store's would be.
  const asServed = xml.replace('<version>2.4</version>', '<version>2.2</version>').replace(/https:\/\/localhost:\d+\//g, 'https://shop.example.com/');
  const check = spawnSync('xmllint', ['--noout', '--schema', XSD, file(asServed)], { encoding: 'utf8' });
  expect(`${check.stdout}${check.stderr}`).toContain('validates');

  const ids = (id: number, list: string) => xpath(xml, `/feed/reviews/review[review_id="${id}"]/products/product/product_ids/${list}/text()`);
  const idsOf = (id: number, outer: string, inner: string) =>
    xpath(xml, `count(/feed/reviews/review[review_id="${id}"]/products/product/product_ids/${outer}/${inner})`) === '0'
      ? []
      : ids(id, `${outer}/${inner}`).split('\n');
  expect(idsOf(barcoded, 'gtins', 'gtin').sort()).toEqual(withBarcodes.variants.map((v) => v.barcode).sort());
  expect(idsOf(barcoded, 'skus', 'sku').sort()).toEqual(withBarcodes.variants.map((v) => v.sku).sort());
  expect(idsOf(barcoded, 'brands', 'brand')).toEqual([withBarcodes.vendor]);
  expect(idsOf(plain, 'gtins', 'gtin')).toEqual([]);
  expect(idsOf(plain, 'skus', 'sku').sort()).toEqual(handmade.variants.map((v) => v.sku).sort());
  expect(xpath(xml, `string(/feed/reviews/review[review_id="${plain}"]/products/product/product_url)`)).toMatch(new RegExp(`/products/${handmade.handle}$`));
});

test("the readiness panel: the feed's address, its reviews against Google's 50, the reviewed products without a GTIN; the shop's own only", async () => {
  const { domain, appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const products = stack.emulator.store.shop(domain)!.products;
  const handmade = products.find((p) => p.variants.every((v) => !v.barcode))!;
  const barcoded = products.filter((p) => p.variants.every((v) => v.barcode)).slice(0, 2);
  const write = (p: typeof handmade, status = 'published') =>
    http.post('/api/reviews', {
      productId: `gid://shopify/Product/${p.id}`,
      productTitle: p.title,
      rating: 4,
      content: 'Just right.',
      firstName: 'Ann',
      status,
    });
  for (const p of [handmade, handmade, ...barcoded]) expect((await write(p)).status).toBe(201);
  // not in the feed: an unpublished review
  expect((await write(barcoded[0], 'unpublished')).status).toBe(201);

  const first = (await http.get('/api/google-feed/readiness')).body;
  expect(first).toMatchObject({ reviews: 4, minimum: 50, enough: false, products: { reviewed: 3, checked: 3, notInStore: 0 } });
  expect(first.feedUrl).toMatch(/^https:\/\/.+\/apps\/plaudit\/feeds\/google-product-reviews\.xml$/);
  expect(first.products.withoutGtin).toEqual([{ productId: `gid://shopify/Product/${handmade.id}`, title: handmade.title, reviews: 2 }]);

  // another shop sees its own feed only
  const other = client(stack.appUrl, (await stack.installShop()).appToken);
  expect((await other.get('/api/google-feed/readiness')).body).toMatchObject({ reviews: 0, enough: false, products: { reviewed: 0, withoutGtin: [] } });
  expect((await client(stack.appUrl, 'not-a-token').get('/api/google-feed/readiness')).status).toBe(401);
});

test.each([
  ['4006381333931', true], // EAN-13
  ['036000291452', true], // UPC-A
  ['96385074', true], // EAN-8
  ['10614141000415', true], // GTIN-14
  ['4006381333932', false], // wrong check digit
  ['2001234567893', false], // in-store number (prefix 2)
  ['400000000008', false], // UPC-A number system 4 (GS1 prefix 040): in-store
  ['12345', false],
  ['ABC1234567890', false],
])('isGtin(%s) is %s', (code, ok) => {
  expect(isGtin(code)).toBe(ok);
});
