// GET /api/imports/export against the real stack: Plaudit's format and Judge.me's template, as CSV
// and XLSX (parsed back with exceljs), the review list's filters, every field, formula cells and
// quoted new lines, bad filters, and no other shop's reviews; then, on a bare app with a failing
// source, the answers before the first byte and the aborted download after it.
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import Koa from 'koa';
import { parse } from 'csv-parse/sync';
import { client, createLogger, gid, startPlatformStack } from '@plaudit/kernel/testing';
import type { ApiServices } from '@plaudit/kernel';
import { exportRoutes } from '../api/export-route';
import { ReviewExport, ReviewWrite, type ExportedReview, type ReviewExportApi } from '@plaudit/contracts/reviews';
import { JUDGEME_COLUMNS, PLAUDIT_COLUMNS } from '../export';

jest.setTimeout(90_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
type Row = Record<string, string>;
let stack: Stack;
let shop: { id: number; domain: string; token: string };
let mug: string;
let lamp: string;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  stack = await startPlatformStack();
  const installed = await stack.installShop();
  shop = { id: installed.shop.id, domain: installed.domain, token: installed.appToken };
  const products = stack.emulator.store.shop(installed.domain)!.products;
  [mug, lamp] = [gid('Product', products[0].id), gid('Product', products[1].id)];
  const { services } = stack.api.runtime;
  const importer = services.capabilities.require(ReviewWrite);
  const product = (id: string) => ({ productId: id, productTitle: id === mug ? 'Mug' : 'Lamp', productHandle: id === mug ? 'mug' : 'lamp' });
  await importer.importReviews(services.tenant(shop.id, shop.domain), [
    {
      ...product(mug),
      rating: 5,
      title: 'Lovely',
      content: '=1+2 is how much I like it',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      country: 'FR',
      locale: 'fr',
      variants: ['Color: Red', 'Size: M'],
      media: [{ url: 'https://cdn.example.com/a.jpg' }, { url: '/media/own.jpg' }],
      source: 'aliexpress',
      createdAt: at('2025-01-05T10:00:00Z'),
      reply: { content: 'Thank you!', at: at('2025-01-06T08:00:00Z') },
      incentivized: true,
      importedVerified: true,
    },
    {
      ...product(lamp),
      rating: 4,
      content: 'Line one\nLine "two", with a comma',
      firstName: 'Bo',
      status: 'unpublished',
      createdAt: at('2025-02-10T12:00:00Z'),
    },
    { ...product(mug), rating: 1, content: '-bad @home', firstName: 'Cy', createdAt: at('2025-03-15T12:00:00Z') },
    { kind: 'store', rating: 3, content: 'Nice shop', firstName: 'Di', createdAt: at('2025-04-01T12:00:00Z') },
    { ...product(lamp), rating: 2, content: 'Soon in the bin', firstName: 'Ed', createdAt: at('2025-04-20T12:00:00Z') },
  ]);
  const other = await stack.installShop();
  await importer.importReviews(services.tenant(other.shop.id, other.domain), [
    { ...product(mug), rating: 5, content: 'Other shop secret', createdAt: at('2025-01-07T00:00:00Z') },
  ]);

  // the merchant features, pins and quotes Cy's review, and deletes Ed's (to the recycle bin)
  const http = client(stack.appUrl, shop.token);
  const list = (await http.get('/api/reviews?limit=100&tab=all')).body.data as { id: number; content: string }[];
  const idOf = (content: string) => list.find((r) => r.content === content)!.id;
  for (const action of ['feature', 'pin', 'add-testimonial']) expect((await http.post(`/api/reviews/${idOf('-bad @home')}/${action}`)).status).toBe(200);
  expect((await http.delete(`/api/reviews/${idOf('Soon in the bin')}`)).status).toBe(200);
});
afterAll(() => stack?.close());

async function download(query: string, token = shop.token) {
  const res = await fetch(`${stack.appUrl}/api/imports/export?${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const csvRows = (bytes: Buffer): { header: string[]; rows: Row[] } => {
  const [header, ...rest] = parse(bytes, { bom: true }) as string[][];
  return { header, rows: rest.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]))) };
};

async function xlsxRows(bytes: Buffer): Promise<{ header: string[]; rows: Row[]; raw: ExcelJS.Worksheet }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const values = (n: number) => (sheet.getRow(n).values as ExcelJS.CellValue[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));
  const header = values(1);
  const rows: Row[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(Object.fromEntries(header.map((h, i) => [h, values(n)[i] ?? ''])));
  return { header, rows, raw: sheet };
}

const contents = (rows: Row[], column = 'content') => rows.map((r) => r[column]);

test('Plaudit CSV: every field of every review but the trash, oldest first, formula cells quoted, new lines kept, named for the shop', async () => {
  const res = await download('format=plaudit&type=csv');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const day = new Date().toISOString().slice(0, 10);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reviews-${shop.domain.replace('.myshopify.com', '')}-${day}.csv"`);
  expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(res.bytes.toString('utf8')).not.toContain('Other shop secret');
  const { header, rows } = csvRows(res.bytes);
  expect(header).toEqual([...PLAUDIT_COLUMNS]);
  expect(contents(rows)).toEqual(["'=1+2 is how much I like it", 'Line one\nLine "two", with a comma', "'-bad @home", 'Nice shop']);
  expect(rows[0]).toEqual({
    id: expect.stringMatching(/^\d+$/),
    productId: mug,
    productHandle: 'mug',
    productTitle: 'Mug',
    kind: 'product',
    status: 'published',
    rating: '5',
    title: 'Lovely',
    content: "'=1+2 is how much I like it",
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    country: 'FR',
    locale: 'fr',
    source: 'aliexpress',
    verified: 'true',
    incentivized: 'true',
    featured: 'false',
    pinned: 'false',
    testimonial: 'false',
    replyContent: 'Thank you!',
    repliedAt: '2025-01-06T08:00:00.000Z',
    media: `https://cdn.example.com/a.jpg ${stack.appUrl}/media/own.jpg`,
    variants: 'Color: Red; Size: M',
    createdAt: '2025-01-05T10:00:00.000Z',
    // no custom question was answered (plugins/review-questions' tests export answers)
    answers: '',
    // the mug is in no product group (plugins/product-groups' tests export one)
    group: '',
    ...(header.includes('imported') ? { imported: 'true' } : {}),
  });
  expect(rows[1]).toMatchObject({ status: 'unpublished', verified: 'false', incentivized: 'false', replyContent: '', repliedAt: '', media: '', variants: '' });
  expect(rows[2]).toMatchObject({ featured: 'true', pinned: 'true', testimonial: 'true' });
  expect(rows[3]).toMatchObject({ kind: 'store', productId: '', productHandle: '', rating: '3' });
});

test("the review list's filters: ratings, product, created from/to (days inclusive), tab", async () => {
  const csv = async (q: string) => contents(csvRows((await download(`format=plaudit&type=csv&${q}`)).bytes).rows);
  expect(await csv('rating=5,1')).toEqual(["'=1+2 is how much I like it", "'-bad @home"]);
  expect(await csv(`productId=${encodeURIComponent(lamp)}`)).toEqual(['Line one\nLine "two", with a comma']);
  expect(await csv('from=2025-02-10&to=2025-03-15')).toEqual(['Line one\nLine "two", with a comma', "'-bad @home"]);
  expect(await csv(`from=${encodeURIComponent('2025-03-15T13:00:00+02:00')}`)).toEqual(["'-bad @home", 'Nice shop']);
  expect(await csv('tab=published')).toEqual(["'=1+2 is how much I like it", "'-bad @home", 'Nice shop']);
  expect(await csv('tab=unpublished')).toEqual(['Line one\nLine "two", with a comma']);
  expect(await csv('tab=trash')).toEqual(['Soon in the bin']);
  expect(await csv('rating=2&tab=published')).toEqual([]);
});

test('Plaudit XLSX: the same rows as cells, text never a formula, numbers as numbers', async () => {
  const res = await download('format=plaudit&type=xlsx&tab=all');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="reviews-plaudit-[0-9a-f]+-\d{4}-\d{2}-\d{2}\.xlsx"$/);
  const { header, rows, raw } = await xlsxRows(res.bytes);
  expect(header).toEqual([...PLAUDIT_COLUMNS]);
  expect(contents(rows)).toEqual(['=1+2 is how much I like it', 'Line one\nLine "two", with a comma', '-bad @home', 'Nice shop']);
  expect(rows[0]).toMatchObject({
    productId: mug,
    verified: 'true',
    media: `https://cdn.example.com/a.jpg ${stack.appUrl}/media/own.jpg`,
    repliedAt: '2025-01-06T08:00:00.000Z',
  });
  const content = raw.getRow(2).getCell(PLAUDIT_COLUMNS.indexOf('content') + 1);
  expect(content.type).toBe(ExcelJS.ValueType.String);
  expect(raw.getRow(2).getCell(PLAUDIT_COLUMNS.indexOf('rating') + 1).value).toBe(5);
  expect(JSON.stringify(rows)).not.toContain('Other shop secret');
});

test("Judge.me's import template as CSV and XLSX: dd/mm/yyyy dates, curated state, numeric product id, comma-separated pictures", async () => {
  for (const type of ['csv', 'xlsx'] as const) {
    const res = await download(`format=judgeme&type=${type}&tab=all`);
    expect(res.status).toBe(200);
    const { header, rows } = type === 'csv' ? csvRows(res.bytes) : await xlsxRows(res.bytes);
    expect(header).toEqual([...JUDGEME_COLUMNS]);
    const escaped = type === 'csv' ? "'" : '';
    expect(rows.map((r) => r.body)).toEqual([
      `${escaped}=1+2 is how much I like it`,
      'Line one\nLine "two", with a comma',
      `${escaped}-bad @home`,
      'Nice shop',
    ]);
    expect(rows[0]).toEqual({
      title: 'Lovely',
      body: `${escaped}=1+2 is how much I like it`,
      rating: '5',
      review_date: '05/01/2025',
      source: 'aliexpress',
      curated: 'ok',
      reviewer_name: 'Ann Lee',
      reviewer_email: 'ann@example.com',
      product_id: mug.split('/').pop(),
      product_handle: 'mug',
      reply: 'Thank you!',
      reply_date: '06/01/2025',
      picture_urls: `https://cdn.example.com/a.jpg,${stack.appUrl}/media/own.jpg`,
      location: 'FR',
    });
    expect(rows[1]).toMatchObject({ curated: 'not-yet', reviewer_name: 'Bo', review_date: '10/02/2025', reply: '', reply_date: '' });
    expect(rows[3]).toMatchObject({ product_id: '', product_handle: '', body: 'Nice shop' });
  }
  const trash = csvRows((await download('format=judgeme&type=csv&tab=trash')).bytes).rows;
  expect(trash.map((r) => [r.body, r.curated])).toEqual([['Soon in the bin', 'spam']]);
});

test('bad input is a 400 with the field and the message, never a file', async () => {
  const refused = async (query: string, errors: Record<string, string>) => {
    const res = await download(query);
    expect([query, res.status]).toEqual([query, 400]);
    expect(JSON.parse(res.bytes.toString('utf8')).errors).toEqual(errors);
  };
  await refused('from=2025-02-30', { from: 'Invalid date value' });
  await refused('to=yesterday', { to: 'Invalid date value' });
  await refused('from=2025-03-01&to=2025-02-01', { to: 'Invalid date value range' });
  await refused('rating=7', { 'rating.0': 'The value is invalid' });
  await refused('format=loox&type=pdf&tab=spam', { format: 'The value is invalid', type: 'The value is invalid', tab: 'The value is invalid' });
  expect((await download('format=plaudit', 'not-a-token')).status).toBe(401);
});

describe('a failing source (a bare app with the route and the kernel error shape)', () => {
  const review = (id: number): ExportedReview => ({
    id,
    kind: 'product',
    productId: 'gid://shopify/Product/1',
    productHandle: 'mug',
    productTitle: 'Mug',
    rating: 5,
    title: null,
    content: `Review ${id}`,
    firstName: 'Ann',
    lastName: null,
    email: null,
    country: null,
    locale: null,
    variants: [],
    media: [],
    source: 'customer',
    status: 'published',
    verified: false,
    importedVerified: false,
    incentivized: false,
    featured: false,
    pinned: false,
    testimonial: false,
    imported: false,
    importKey: null,
    replyContent: null,
    repliedAt: null,
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });

  /** Yields `good` batches of 1,000 reviews, then fails with `error` (or ends, without one). */
  function failing(good: number, error?: Error): ReviewExportApi {
    return {
      async *exportBatches() {
        for (let b = 0; b < good; b++) yield Array.from({ length: 1000 }, (_, i) => review(b * 1000 + i + 1));
        if (error) throw error;
      },
    };
  }

  async function serve(source: ReviewExportApi) {
    // no read replica: reads run on the request's own tenant, as on a single database
    const reads = { read: (tenant: unknown, read: (t: unknown) => unknown) => read(tenant) };
    const services = {
      capabilities: { get: (ref: unknown) => (ref === ReviewExport ? source : undefined) },
      config: { appUrl: 'http://app.example' },
      reads,
    } as unknown as ApiServices;
    const app = new Koa();
    app.silent = true;
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (err) {
        const e = err as { status?: number; expose?: boolean; message: string; code?: string; headers?: Record<string, string> };
        ctx.status = e.status ?? 500;
        ctx.body = { success: false, message: e.expose ? e.message : 'Internal server error', code: e.code };
        for (const [k, v] of Object.entries(e.headers ?? {})) ctx.set(k, v);
      }
    });
    app.use(async (ctx, next) => {
      ctx.state.tenant = { shopId: 1, shopDomain: 'bare.myshopify.com' };
      ctx.state.log = createLogger('silent');
      await next();
    });
    app.use(exportRoutes(services).routes());
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    const close = () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/imports/export`, close };
  }

  test('before the first byte: 500 or 503 with "Failed to export reviews"', async () => {
    const broken = await serve(failing(0, new Error('boom')));
    const res = await fetch(broken.url);
    expect([res.status, (await res.json()).message]).toEqual([500, 'Failed to export reviews']);
    await broken.close();
    const away = await serve(failing(0, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })));
    const down = await fetch(away.url);
    expect([down.status, down.headers.get('retry-after'), (await down.json()).message]).toEqual([503, '5', 'Failed to export reviews']);
    await away.close();
  });

  test.each(['csv', 'xlsx'])('after it: the %s download is aborted, not cut short as if complete', async (type) => {
    const app = await serve(failing(3, new Error('the database went away')));
    // the connection ends without the last chunk: before the headers (nothing was flushed yet) or after them
    await expect(fetch(`${app.url}?type=${type}`).then((res) => res.arrayBuffer())).rejects.toThrow();
    await app.close();
    // the same path without the failure gives the whole file
    const whole = await serve(failing(3));
    const res = await fetch(`${whole.url}?type=${type}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const { rows } = type === 'csv' ? csvRows(bytes) : await xlsxRows(bytes);
    expect([res.status, rows.length, rows[2999].content]).toEqual([200, 3000, 'Review 3000']);
    await whole.close();
  });
});
