// No lock-in, and ops scripting: `npm run plaudit -- export` writes a shop's reviews in Plaudit's
// format, `npm run plaudit -- import` brings that file into a fresh shop (the same upload, format
// recognition and workflow as the screen) and prints the counts as JSON on its last line; the second
// shop's reviews equal the first's field by field, photos included (fetched and cleaned again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tenantFor } from '@plaudit/kernel/testing';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { importFile, importStack, reviewsOf, shopOn, type Stack, lastLine, runCli } from './stack';

jest.setTimeout(180_000);

let stack: Stack;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, close } = await importStack('roundtrip')), 120_000);
afterAll(() => close?.());

const plaudit = (...args: string[]) => runCli(stack.appUrl, ...args);
const SAME = [
  'kind',
  'rating',
  'title',
  'content',
  'firstName',
  'lastName',
  'email',
  'country',
  'status',
  'replyContent',
  'repliedAt',
  'createdAt',
  'incentivized',
  'variants',
  'imported',
];
const comparable = (reviews: any[], handleOf: (productId: string | null) => string | null) =>
  reviews.map((r) => ({ ...Object.fromEntries(SAME.map((k) => [k, r[k]])), product: handleOf(r.productId), photos: r.media.length }));

test('export from one shop, import into a fresh one: the same reviews, photos and dates; counts on the last line', async () => {
  const from = await shopOn(stack);
  for (const fixture of ['judgeme-export.csv', 'plaudit.csv', 'loox.csv']) expect((await importFile(stack, from, fixture)).run.status).toBe('completed');
  // a text a spreadsheet would run as a formula: escaped in the file, the same text after the trip
  const importer = stack.api.runtime.services.capabilities.require(ReviewWrite);
  await importer.importReviews(tenantFor(from.shop.id, from.domain), [
    {
      kind: 'product',
      productId: from.gid('leather-notebook'),
      productTitle: 'Leather Notebook',
      productHandle: 'leather-notebook',
      rating: 4,
      title: null,
      content: '=SUM(A1:A3) pages, and all of them good',
      firstName: 'Eve',
      lastName: null,
      email: null,
      country: null,
      variants: [],
      media: [],
      source: 'imported',
      status: 'published',
      reply: null,
      incentivized: false,
      importKey: 'test:formula',
      importedVerified: false,
    },
  ]);
  const original = await reviewsOf(from);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-export-')), 'reviews.csv');

  const exported = await plaudit('export', '--shop', from.domain, '--format', 'plaudit', '--out', out);
  expect(exported).toMatchObject({ code: 0 });
  expect(lastLine(exported.stdout)).toMatch(/^wrote .*reviews\.csv \(\d+ bytes\)$/);

  const to = await shopOn(stack);
  const imported = await plaudit('import', '--shop', to.domain, out);
  expect(imported).toMatchObject({ code: 0 });
  expect(JSON.parse(lastLine(imported.stdout))).toEqual({ imported: original.length, skipped: 0, failed: 0, format: 'plaudit' });

  const handle = (shop: typeof from) => (id: string | null) => shop.products.find((p) => `gid://shopify/Product/${p.id}` === id)?.handle ?? null;
  const copy = await reviewsOf(to);
  expect(comparable(copy, handle(to))).toEqual(comparable(original, handle(from)));
  expect(copy.find((r) => r.content.startsWith('=SUM'))?.content).toBe('=SUM(A1:A3) pages, and all of them good');
  // the photos are the new shop's own files
  expect(copy.flatMap((r) => r.media).every((m: { url: string }) => m.url.startsWith('/media/'))).toBe(true);

  // the same file again through the CLI: nothing new
  const again = await plaudit('import', '--shop', to.domain, out);
  expect(JSON.parse(lastLine(again.stdout))).toEqual({ imported: 0, skipped: original.length, failed: 0, format: 'plaudit' });
});

test('the CLI says what is wrong: a missing file, a bad shop, a file the app refuses', async () => {
  const shop = await shopOn(stack);
  expect(await plaudit('import', '--shop', shop.domain, '/nonexistent/reviews.csv')).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('no such file: /nonexistent/reviews.csv'),
  });
  expect(await plaudit('import', '--shop', 'not a shop', 'x.csv')).toMatchObject({ code: 2, stderr: expect.stringContaining('--shop must be a shop domain') });
  const png = path.join(os.tmpdir(), `not-reviews-${process.pid}.csv`);
  fs.writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  expect(await plaudit('import', '--shop', shop.domain, png)).toMatchObject({ code: 2, stderr: expect.stringContaining('file type not valid') });
});
