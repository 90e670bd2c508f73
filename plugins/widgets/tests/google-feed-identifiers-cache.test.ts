// The catalogue's identifiers kept between Google feed fetches (shared/google-catalogue.ts): a second
// fetch does not read the store again (a barcode changed in the store without a webhook is not seen,
// and the conditional fetch is still 304); the product's products/update webhook from the store
// emulator drops them, so the next fetch has the new GTIN and a new ETag; a row past the TTL is read
// again; products/delete drops the row. The feed stays valid against Google's schema throughout. The
// readiness panel lists one feed per published language of the shop.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { client, eventually, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { CATALOGUE_TTL_MS } from '../shared/google-catalogue';
import { listenersDone } from './feed-helpers';

jest.setTimeout(180_000);

const XSD = path.resolve(__dirname, '../../../tests/fixtures/google/product_reviews-2.2.xsd');
let stack: Awaited<ReturnType<typeof startPlatformStack>>;
let stopWorker: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `google-ids-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-feed-cache-'));
}, 150_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await stopWorker?.();
  await stack?.close();
});

/** Valid EAN-13s (GS1 prefix 400, check digit right) the emulator's seed does not use. */
const NEW_GTIN = '4006381333931';
const NEWER_GTIN = '4000000000006';

function validates(xml: string) {
  const f = path.join(dir, `feed-${Math.random().toString(36).slice(2)}.xml`);
  // as google-feed-catalogue.test.ts: version 2.2's schema, the emulator's localhost spelled as a store's host
  fs.writeFileSync(f, xml.replace('<version>2.4</version>', '<version>2.2</version>').replace(/https:\/\/localhost:\d+\//g, 'https://shop.example.com/'));
  const check = spawnSync('xmllint', ['--noout', '--schema', XSD, f], { encoding: 'utf8' });
  return `${check.stdout}${check.stderr}`;
}

test('identifiers kept between fetches, dropped by products/update and products/delete, read again after the TTL', async () => {
  const { domain, appToken, shop } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const product = stack.emulator.store.shop(domain)!.products.find((p) => p.variants.every((v) => v.barcode))!;
  const gid = `gid://shopify/Product/${product.id}`;
  expect(product.variants.map((v) => v.barcode)).not.toContain(NEW_GTIN);
  const res = await http.post('/api/reviews', {
    productId: gid,
    productTitle: product.title,
    rating: 5,
    content: 'Just right.',
    firstName: 'Ann',
    status: 'published',
  });
  expect(res.status).toBe(201);
  // its listeners' writes (the review's detected language) change the feed's ETag: over before the first fetch
  await listenersDone(stack.api, [res.body]);

  const url = `${stack.appUrl}/storefront/shops/${domain}/feeds/google-product-reviews.xml`;
  const fetchFeed = async (etag?: string) => {
    const r = await fetch(url, { headers: etag ? { 'If-None-Match': etag } : {} });
    return { status: r.status, etag: r.headers.get('etag') ?? '', xml: await r.text() };
  };
  const gtins = (xml: string) => [...xml.matchAll(/<gtin>(\d+)<\/gtin>/g)].map((m) => m[1]).sort();
  const rows = () => stack.api.knex('widget_google_product_ids').where({ shopId: shop.id });

  const first = await fetchFeed();
  expect(first.status).toBe(200);
  expect(gtins(first.xml)).toEqual(product.variants.map((v) => v.barcode).sort());
  expect(validates(first.xml)).toContain('validates');
  expect(await rows()).toEqual([expect.objectContaining({ productId: gid, handle: product.handle })]);

  // changed in the store with no webhook: the kept identifiers answer, a conditional fetch is 304. The
  // ETag is the shop's versions: any write of the shop's notifying between two reads moves it (rightly),
  // so the reads are one pass, repeated until nothing came between.
  const variant = product.variants[0];
  variant.barcode = NEW_GTIN;
  const kept = await eventually(async () => {
    const f = await fetchFeed();
    return (await fetchFeed(f.etag)).status === 304 && f;
  });
  expect(gtins(kept.xml)).not.toContain(NEW_GTIN);
  expect(gtins(kept.xml)).toEqual(gtins(first.xml));

  // the merchant's edit in the admin: products/update drops the row, the feed's ETag changes
  await stack.control(`/shops/${domain}/products/${product.id}/update`, { variants: [{ id: variant.id, barcode: NEWER_GTIN }] });
  const changed = await eventually(async () => {
    const f = await fetchFeed(kept.etag);
    return f.status === 200 && gtins(f.xml).includes(NEWER_GTIN) && f;
  }, 60_000);
  expect(gtins(changed.xml)).toContain(NEWER_GTIN);
  expect(changed.etag).not.toBe(kept.etag);
  expect(validates(changed.xml)).toContain('validates');

  // a row older than the TTL is read again (an edit whose webhook never came)
  variant.barcode = NEW_GTIN;
  await rows().update({ readAt: new Date(Date.now() - CATALOGUE_TTL_MS - 60_000) });
  expect(gtins((await fetchFeed()).xml)).toContain(NEW_GTIN);
  expect((await rows())[0].readAt.getTime()).toBeGreaterThan(Date.now() - CATALOGUE_TTL_MS);

  // the readiness panel reads through the same rows, and lists a feed per published language (the emulator's shops: en, fr)
  const readiness = (await http.get('/api/google-feed/readiness')).body;
  expect(readiness.products).toMatchObject({ checked: 1, withoutGtin: [] });
  expect(readiness.languageFeeds).toEqual([
    { language: 'en', feedUrl: `${readiness.feedUrl}?language=en` },
    { language: 'fr', feedUrl: `${readiness.feedUrl}?language=fr` },
  ]);

  // products/delete drops the row; the product, gone from the store, is not kept
  await stack.control(`/shops/${domain}/products/${product.id}/delete`, {});
  await eventually(async () => (await rows()).length === 0, 60_000);
  await fetchFeed();
  expect(await rows()).toEqual([]);
});

test("a products/update webhook of another shop's product leaves this shop's identifiers alone", async () => {
  const a = await stack.installShop();
  const b = await stack.installShop();
  const product = stack.emulator.store.shop(a.domain)!.products[0];
  const res = await client(stack.appUrl, a.appToken).post('/api/reviews', {
    productId: `gid://shopify/Product/${product.id}`,
    productTitle: product.title,
    rating: 4,
    content: 'Fine.',
    firstName: 'Bo',
    status: 'published',
  });
  expect(res.status).toBe(201);
  await fetch(`${stack.appUrl}/storefront/shops/${a.domain}/feeds/google-product-reviews.xml`).then((r) => r.text());
  const productB = stack.emulator.store.shop(b.domain)!.products[0];
  const sent = await stack.control(`/shops/${b.domain}/products/${productB.id}/update`, { vendor: 'Elsewhere', wait: true });
  expect(sent.webhooks).toEqual([expect.objectContaining({ topic: 'products/update' })]);
  // the hook ran for shop b (its catalogue version bumped), shop a's row is still there
  await eventually(async () => Number((await stack.api.knex('widget_google_catalogues').where({ shopId: b.shop.id }).first())?.version) === 1, 60_000);
  expect(await stack.api.knex('widget_google_product_ids').where({ shopId: a.shop.id }).select('productId')).toEqual([
    { productId: `gid://shopify/Product/${product.id}` },
  ]);
});
