// File imports end to end on the real stack: the spec's refusals (not a spreadsheet, old .xls, 26 MB,
// a missing required column), row-level errors that lose nothing else (blank required field, rating 7,
// unknown product, bad date), the error report, re-import without duplicates, the free plan's per-run
// limit, XLSX, and old dates kept in order on the storefront feed.
import ExcelJS from 'exceljs';
import { installed } from '@plaudit/kernel/testing';
import { importStack, importFile, errorReport, reviewsOf, shopOn, upload, type Stack } from './stack';

jest.setTimeout(180_000);

let stack: Stack;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, close } = await importStack('file')), 120_000);
afterAll(() => close?.());

// Shopify Product Reviews' export header (issue 12)
const HEADER = 'product_handle,state,rating,title,author,email,location,body,reply,created_at,replied_at';
const csv = (rows: string[]) => ({ name: 'reviews.csv', bytes: Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n') });
const row = (n: number, o: Partial<Record<'handle' | 'state' | 'rating' | 'body' | 'date', string>> = {}) =>
  [
    o.handle ?? 'ceramic-coffee-mug',
    o.state ?? 'published',
    o.rating ?? '5',
    `Title ${n}`,
    `Ann Lee${n}`,
    `ann${n}@example.com`,
    '"Berlin, Germany"',
    o.body ?? `"Body ${n}, with a comma"`,
    '',
    o.date ?? `2024-0${(n % 9) + 1}-0${(n % 7) + 1} 10:00:00 UTC`,
    '',
  ].join(',');

test("refuses what is not a review file, with the spec's messages, and keeps nothing", async () => {
  const shop = await shopOn(stack);
  const png = await upload(stack, shop, { name: 'photo.csv', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
  expect(png).toMatchObject({ status: 400, body: { message: 'file type not valid' } });
  const xls = await upload(stack, shop, { name: 'old.xls', bytes: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]) });
  expect(xls.status).toBe(400);
  expect(xls.body.message).toMatch(/^file type not valid: old Excel files \(\.xls\) are not read/);
  const big = await upload(stack, shop, { name: 'big.csv', bytes: Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(26 * 1024 * 1024, 'a')]) });
  expect(big).toMatchObject({ status: 413, body: { message: 'file size should not be more than 25MB' } });
  const empty = await upload(stack, shop, { name: 'empty.csv', bytes: Buffer.from(`${HEADER}\r\n`) });
  expect(empty).toMatchObject({ status: 400, body: { message: 'Import failed, 0 review imported' } });

  const noRating = await upload(stack, shop, { name: 'r.csv', bytes: Buffer.from('product_handle,body\nceramic-coffee-mug,Nice\n') });
  expect(noRating.status).toBe(201);
  const start = await shop.http.post(`/api/imports/${noRating.body.data.id}/start`, {
    format: noRating.body.data.format,
    mapping: { ...noRating.body.data.mapping, rating: null },
  });
  expect(start.status).toBe(400);
  expect(start.body.message).toBe('A rating column is required');
  expect(await reviewsOf(shop)).toEqual([]);
  expect((await shop.http.get('/api/imports')).body.data.every((r: { status: string }) => r.status === 'uploaded')).toBe(true);
});

test('bad rows are reported by row and column while every other row is imported; a second import adds nothing', async () => {
  const shop = await shopOn(stack);
  const file = csv([
    row(1),
    row(2, { rating: '7' }),
    row(3, { body: '' }),
    row(4, { handle: 'no-such-product' }),
    row(5, { date: 'yesterday' }),
    row(6, { state: 'unpublished' }),
    row(7),
  ]);
  const { file: uploaded, run } = await importFile(stack, shop, file);
  expect(uploaded.format).toBe('shopify');
  expect(run).toMatchObject({ status: 'completed', total: 7, processed: 7, imported: 3, failed: 4, skipped: 0 });
  const report = await errorReport(stack, shop, run.id);
  expect(report.map((e) => [e.line, e.column])).toEqual([
    ['3', 'rating'],
    ['4', 'body'],
    ['5', 'product_handle'],
    ['6', 'created_at'],
  ]);
  expect(report[2].reason).toBe('The store has no product with handle "no-such-product"');
  expect(report[3].reason).toBe('Invalid date value');

  const reviews = await reviewsOf(shop);
  expect(reviews.map((r) => r.content).sort()).toEqual(['Body 1, with a comma', 'Body 6, with a comma', 'Body 7, with a comma']);
  expect(reviews.find((r) => r.content.startsWith('Body 6')).status).toBe('unpublished');
  expect(reviews.every((r) => r.imported && r.source === 'imported' && r.productId === shop.gid('ceramic-coffee-mug'))).toBe(true);
  expect(reviews.find((r) => r.content.startsWith('Body 1')).createdAt).toBe('2024-02-02T10:00:00.000Z');

  const again = await importFile(stack, shop, file);
  expect(again.run).toMatchObject({ status: 'completed', imported: 0, skipped: 3, failed: 4 });
  expect(await reviewsOf(shop)).toHaveLength(3);
});

test('a free shop imports 20 reviews per run and is told so; paid shops import the whole file from XLSX', async () => {
  const free = await shopOn(stack, 'free');
  // a row refused for its product takes no place in the 20
  const rows = Array.from({ length: 30 }, (_, i) => row(i + 1, i === 4 ? { handle: 'no-such-product' } : {}));
  const { file, run } = await importFile(stack, free, csv(rows));
  expect(file.limit).toBe(20);
  expect(run).toMatchObject({ status: 'completed', imported: 20, failed: 1, skipped: 9, limited: true, limit: 20 });

  const paid = await shopOn(stack);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Reviews');
  ws.addRow(HEADER.split(','));
  for (let i = 1; i <= 30; i++)
    ws.addRow([
      'linen-tote-bag',
      'published',
      (i % 5) + 1,
      `T${i}`,
      `Bo ${i}`,
      '',
      'FR',
      `Text ${i}`,
      i === 1 ? 'Thanks!' : '',
      new Date(Date.UTC(2023, 0, i)),
      i === 1 ? new Date(Date.UTC(2023, 1, 1)) : '',
    ]);
  const xlsx = await importFile(stack, paid, { name: 'reviews.xlsx', bytes: Buffer.from(await wb.xlsx.writeBuffer()) });
  expect(xlsx.run).toMatchObject({ status: 'completed', imported: 30, limited: false, failed: 0 });
  const reviews = await reviewsOf(paid);
  expect(reviews[0]).toMatchObject({
    content: 'Text 1',
    rating: 2,
    replyContent: 'Thanks!',
    createdAt: '2023-01-01T00:00:00.000Z',
    repliedAt: '2023-02-01T00:00:00.000Z',
  });
  // old reviews keep their dates and order on the storefront (newest first, where the widgets plugin
  // serves it), and the summary follows at once
  if (installed('widgets')) {
    const numeric = paid.gid('linen-tote-bag').split('/').pop();
    const feed = await fetch(`${stack.appUrl}/storefront/shops/${paid.domain}/api/products/${numeric}/reviews?sort=newest&limit=5`).then(
      (r) => r.json() as Promise<{ data: { content: string }[] }>,
    );
    expect(feed.data.map((r) => r.content)).toEqual(['Text 30', 'Text 29', 'Text 28', 'Text 27', 'Text 26']);
  }
  const summary = (await paid.http.get('/api/reviews/summary')).body.data;
  expect(summary).toMatchObject({ count: 30, stars: { 1: 6, 2: 6, 3: 6, 4: 6, 5: 6 } });
});
