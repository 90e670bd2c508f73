// The file formats without the stack: recognising each fixture by its header, the default mapping,
// and each record turned into a review or row errors. The fixtures' end-to-end import is elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedReview, RowError, SourceRecord } from '../shared/row';
import {
  checkMapping,
  countryCode,
  defaultMapping,
  detectFormat,
  formatById,
  generic,
  judgeme,
  readDate,
  requiredFields,
  toParsedReview,
  toStars,
  unmappedColumns,
  normaliseHeader,
  FUTURE_DATE,
  INVALID_DATE,
  RATING_MESSAGE,
  REQUIRED,
  VARIANT_COUNT_MESSAGE,
  type ImportFormat,
} from '../formats';

/** A minimal RFC 4180 reader (quotes, doubled quotes, new lines in fields, CRLF, BOM, `;`) for the fixtures. */
function readCsv(file: string): { headers: string[]; records: { record: SourceRecord; line: number }[] } {
  const text = fs.readFileSync(path.join(__dirname, 'fixtures', file), 'utf8').replace(/^\uFEFF/, '');
  const delimiter = text.split('\n')[0].split(';').length > text.split('\n')[0].split(',').length ? ';' : ',';
  const rows: { cells: string[]; line: number }[] = [];
  let cells: string[] = [],
    cell = '',
    quoted = false,
    line = 1,
    start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
      if (c === '\n') line++;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) cells.push(cell), (cell = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell), rows.push({ cells, line: start }), (cells = []), (cell = ''), (start = ++line);
    } else cell += c;
  }
  if (cell || cells.length) cells.push(cell), rows.push({ cells, line: start });
  const [head, ...body] = rows;
  return {
    headers: head.cells,
    records: body.map((r) => ({ line: r.line, record: Object.fromEntries(head.cells.map((h, k) => [h, (r.cells[k] ?? '').trim()])) })),
  };
}

const NOW = Date.UTC(2026, 10, 27);

function importFixture(file: string) {
  const { headers, records } = readCsv(file);
  const { format, mapping } = detectFormat(headers);
  const reviews: ParsedReview[] = [];
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  for (const { record, line } of records) {
    const r = toParsedReview(record, line, format, mapping, NOW);
    if ('errors' in r) errors.push(...r.errors);
    else reviews.push(r.review), warnings.push(...r.warnings);
  }
  const count = (p: (r: ParsedReview) => boolean) => reviews.filter(p).length;
  return {
    format: format.id,
    mapping,
    problems: checkMapping(format, mapping, headers),
    rows: records.length,
    reviews,
    errors,
    warnings,
    imported: reviews.length,
    unpublished: count((r) => r.status === 'unpublished'),
    replies: count((r) => !!r.reply),
    photos: reviews.reduce((n, r) => n + r.photoUrls.length, 0),
    store: count((r) => r.product === null),
  };
}

describe('each fixture is recognised and imports as fixtures/README.md says', () => {
  it.each([
    // file, format, rows, imported, unpublished, replies, photo URLs, store reviews, warnings
    ['judgeme-export.csv', 'judgeme', 6, 6, 2, 3, 3, 1, 0],
    ['judgeme-template.csv', 'judgeme', 5, 5, 1, 2, 3, 1, 0],
    ['loox.csv', 'loox', 5, 5, 0, 2, 4, 0, 0],
    ['okendo.csv', 'okendo', 6, 6, 2, 1, 3, 0, 1],
    ['yotpo.csv', 'yotpo', 5, 5, 1, 2, 3, 1, 1],
    ['stamped.csv', 'stamped', 4, 4, 0, 2, 3, 0, 0],
    ['shopify-product-reviews.csv', 'shopify', 5, 5, 2, 2, 0, 0, 0],
    ['plaudit.csv', 'plaudit', 5, 5, 1, 2, 3, 1, 0],
  ])('%s', (file, id, rows, imported, unpublished, replies, photos, store, warnings) => {
    const r = importFixture(file);
    expect(r.format).toBe(id);
    expect(r.problems).toEqual([]);
    expect(r.errors).toEqual([]);
    expect({
      rows: r.rows,
      imported: r.imported,
      unpublished: r.unpublished,
      replies: r.replies,
      photos: r.photos,
      store: r.store,
      warnings: r.warnings.length,
    }).toEqual({ rows, imported, unpublished, replies, photos, store, warnings });
    for (const review of r.reviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.createdAt!.getTime()).toBeLessThan(NOW);
      expect(review.key).toMatch(/^(\w+:\S+|sha256:[0-9a-f]{64})$/);
    }
    expect(new Set(r.reviews.map((v) => v.key)).size).toBe(r.reviews.length);
  });
});

describe('what each format carries across', () => {
  it('Judge.me export: UTC dates, location, curated, comma-separated pictures, metaobject key, store review', () => {
    const [mug, travel, shop, spam, beanie] = importFixture('judgeme-export.csv').reviews;
    expect(mug).toMatchObject({
      key: 'judgeme:judgeme-review-7a1c4e',
      product: { handle: 'ceramic-coffee-mug' },
      firstName: 'Lukas',
      lastName: 'Schröder',
      country: 'DE',
      createdAt: new Date('2024-03-02T10:12:00Z'),
      reply: { content: 'Danke, Lukas!', at: new Date('2024-03-03T08:00:00Z') },
      status: 'published',
      source: 'imported',
    });
    expect(mug.photoUrls).toHaveLength(2);
    expect(travel.content).toBe('Six hours is right.\nThe lid never leaked in my bag, even upside down.');
    expect(travel.country).toBe('CA');
    expect(shop).toMatchObject({ product: null, country: 'GB' });
    expect([spam.status, beanie.status]).toEqual(['unpublished', 'unpublished']);
  });

  it('Judge.me template: dd/mm/yyyy, a hash key', () => {
    const [tote, notebook] = importFixture('judgeme-template.csv').reviews;
    expect(tote.createdAt).toEqual(new Date('2023-12-25T00:00:00Z'));
    expect(tote.reply!.at).toEqual(new Date('2023-12-27T00:00:00Z'));
    expect(notebook.createdAt).toEqual(new Date('2024-04-03T00:00:00Z'));
    expect(tote.key).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('Loox: flags and photos', () => {
    const { reviews } = importFixture('loox.csv');
    expect(reviews.map((r) => [r.verified, r.incentivized])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [true, false],
      [false, false],
    ]);
    expect(reviews[1].photoUrls[1]).toContain('missing');
    expect(reviews[2]).toMatchObject({ firstName: 'Nguyễn Văn', lastName: 'An' });
  });

  it('Okendo: `;` file, SKU, country code, pending and rejected hidden, a private reply left out', () => {
    const { reviews, warnings } = importFixture('okendo.csv');
    expect(reviews[0]).toMatchObject({ product: { sku: 'BAMBOOCU-2' }, country: 'AU', title: 'Perfect size', verified: true });
    expect(reviews[0].content).toContain('; the oil finish');
    expect(reviews[1].createdAt).toEqual(new Date('2024-05-02T12:00:00Z'));
    expect(reviews.map((r) => r.status)).toEqual(['published', 'published', 'unpublished', 'published', 'unpublished', 'published']);
    expect(reviews[2].reply).toBeNull();
    expect(warnings).toEqual([{ line: 4, column: 'reply', reason: 'The reply was private in the previous app and is not imported' }]);
  });

  it('Yotpo: product id, `;` between images, published false, site review, private comment', () => {
    const { reviews } = importFixture('yotpo.csv');
    expect(reviews[0]).toMatchObject({ key: 'yotpo:310001', product: { id: '9007199254741023', handle: 'stoneware-plate-set', title: 'Stoneware Plate Set' } });
    expect(reviews[0].photoUrls).toHaveLength(2);
    expect(reviews[1]).toMatchObject({ status: 'unpublished', photoUrls: [], email: null });
    expect(reviews[3]).toMatchObject({ product: null, reply: { content: 'Thank you, Emma!' } });
    expect(reviews[4].reply).toBeNull();
  });

  it('Stamped: mm/dd/yyyy, product URL, verified type', () => {
    const { reviews } = importFixture('stamped.csv');
    expect(reviews.map((r) => r.createdAt!.toISOString().slice(0, 10))).toEqual(['2024-03-14', '2024-06-02', '2024-09-21', '2024-12-03']);
    expect(reviews[0]).toMatchObject({ product: { handle: 'linen-tote-bag', title: 'Linen Tote Bag' }, verified: true, country: 'NZ' });
    expect(reviews[1].verified).toBe(false);
  });

  it('Shopify Product Reviews: CRLF, states, zone offsets', () => {
    const { reviews } = importFixture('shopify-product-reviews.csv');
    expect(reviews.map((r) => r.status)).toEqual(['published', 'unpublished', 'unpublished', 'published', 'published']);
    expect(reviews[1].createdAt).toEqual(new Date('2023-06-02T14:00:00Z'));
    expect(reviews[0]).toMatchObject({ country: 'US', reply: { at: new Date('2023-06-02T14:30:00Z') } });
    expect(reviews[4].content).toBe('Warm on cold mornings.\r\nSecond pair ordered.');
  });

  it('Plaudit: kind, status, space-separated media, variants, star-only marketplace review', () => {
    const { reviews } = importFixture('plaudit.csv');
    expect(reviews[0]).toMatchObject({ key: 'plaudit:101', variants: ['Color: Terracotta'], country: 'FR' });
    expect(reviews[0].photoUrls).toHaveLength(2);
    expect(reviews[2].product).toBeNull();
    expect(reviews[3]).toMatchObject({ content: '', title: null, source: 'aliexpress', lastName: null });
    expect(reviews[4].incentivized).toBe(true);
  });
});

/** One Shopify Product Reviews record, with changes. */
function shopifyRow(changes: SourceRecord = {}, format: ImportFormat = formatById('shopify')!) {
  const headers = ['product_handle', 'state', 'rating', 'title', 'author', 'email', 'location', 'body', 'reply', 'created_at', 'replied_at'];
  const record: SourceRecord = {
    product_handle: 'linen-tote-bag',
    state: 'published',
    rating: '5',
    title: 'Nice',
    author: 'Ana Souza',
    email: 'ana@example.com',
    location: '',
    body: 'Good bag.',
    reply: '',
    created_at: '2024-01-01',
    replied_at: '',
    ...changes,
  };
  return toParsedReview(record, 7, format, defaultMapping(format, headers), NOW);
}

describe('rows refused, with their column and the reason', () => {
  it.each([
    ['a rating of 7', { rating: '7' }, 'rating', RATING_MESSAGE],
    ['a rating of 4.5', { rating: '4.5' }, 'rating', RATING_MESSAGE],
    ['a blank rating', { rating: '' }, 'rating', REQUIRED],
    ['a blank body', { body: '  ' }, 'body', REQUIRED],
    ['a blank product', { product_handle: '' }, 'product_handle', REQUIRED],
    ['a date that is none', { created_at: '31/02/2024' }, 'created_at', INVALID_DATE],
    ['a date in the future', { created_at: '2031-01-01' }, 'created_at', FUTURE_DATE],
  ])('%s', (_case, changes, column, reason) => {
    expect(shopifyRow(changes)).toEqual({ errors: [{ line: 7, column, reason }] });
  });

  it('every problem of a row at once', () => {
    const r = shopifyRow({ rating: '0', body: '' });
    expect('errors' in r && r.errors.map((e) => e.column)).toEqual(['body', 'rating']);
  });

  it('variant values that do not match their options', () => {
    const headers = ['sku', 'rating', 'body', 'variant_options', 'variant_values'];
    const mapping = defaultMapping(generic, headers);
    const row = (options: string, values: string) =>
      toParsedReview({ sku: 'MERINOWO-1', rating: '4', body: 'Warm.', variant_options: options, variant_values: values }, 3, generic, mapping, NOW);
    expect(row('Color, Size', 'Red / M')).toMatchObject({ review: { variants: ['Color: Red', 'Size: M'] } });
    expect(row('Color, Size', 'Red')).toEqual({ errors: [{ line: 3, column: 'variant_values', reason: VARIANT_COUNT_MESSAGE }] });
  });
});

describe('cells kept with a note in the error report', () => {
  it('bad email dropped, unknown state hidden, photo URLs checked and capped at five', () => {
    const format = { ...generic, id: 'test' };
    const headers = ['handle', 'rating', 'body', 'email', 'status', 'photos'];
    const photos = ['javascript:alert(1)', ...Array.from({ length: 7 }, (_, i) => `https://images.loox.io/p${i}.jpg`)].join(' ');
    const r = toParsedReview(
      { handle: 'linen-tote-bag', rating: '5', body: 'Ok', email: 'not-an-email', status: 'weird', photos },
      2,
      format,
      defaultMapping(format, headers),
      NOW,
    );
    expect('review' in r && r.review).toMatchObject({ email: null, status: 'unpublished' });
    expect('review' in r && r.review.photoUrls).toHaveLength(5);
    expect('review' in r && r.warnings.map((w) => [w.column, w.reason])).toEqual([
      ['email', 'Invalid email'],
      ['status', 'Unknown state "weird": the review is imported unpublished'],
      ['photos', 'Invalid photo URL: javascript:alert(1)'],
      ['photos', 'At most 5 photos are kept per review: 2 left out'],
    ]);
  });
});

describe('the mapping step', () => {
  it('names the missing columns', () => {
    const headers = ['title', 'body', 'author'];
    expect(checkMapping(generic, defaultMapping(generic, headers), headers)).toEqual(['A rating column is required', 'A product handle column is required']);
    const loox = formatById('loox')!;
    expect(checkMapping(loox, { ...defaultMapping(loox, ['rating']), rating: 'stars' }, ['rating'])).toEqual([
      'The column "stars" is not in the file',
      'A rating column is required',
      'A reviewer name column is required',
      'A review content column is required',
      'A date column is required',
      'A product handle column is required',
    ]);
  });

  it('store reviews need no product column; required fields follow the mapping', () => {
    const headers = ['body', 'rating', 'review_date', 'reviewer_name'];
    const { format, mapping } = detectFormat(headers);
    expect(format).toBe(judgeme);
    expect(checkMapping(format, mapping, headers)).toEqual([]);
    expect(requiredFields(generic, { productSku: 'sku' })).toEqual(['rating', 'content', 'productSku']);
    expect(requiredFields(generic, {})).toEqual(['rating', 'content', 'productHandle']);
  });

  it('recognises headers whatever their spelling, falls back to generic', () => {
    expect(detectFormat(['Review Title', 'Review Content', 'Review Score', 'Date', 'Product ID', 'Display Name', 'Email']).format.id).toBe('yotpo');
    expect(detectFormat(['\uFEFFproduct_handle', 'rating', 'author', 'body', 'created_at', 'photo_url']).format.id).toBe('loox');
    const { format, mapping } = detectFormat(['Product', 'Stars', 'Review', 'Name', 'When']);
    expect(format.id).toBe('generic');
    expect(mapping).toMatchObject({ productTitle: 'Product', rating: 'Stars', content: 'Review', author: 'Name', createdAt: null });
  });
});

describe('values', () => {
  it('dates in every format, ambiguity refused', () => {
    expect(readDate('2024-05-02T14:00:00+02:00', 'auto')).toEqual(new Date('2024-05-02T12:00:00Z'));
    expect(readDate('2025-03-02 10:12:00 UTC', 'auto')).toEqual(new Date('2025-03-02T10:12:00Z'));
    expect(readDate('03/04/2024', 'dmy')).toEqual(new Date('2024-04-03T00:00:00Z'));
    expect(readDate('03/04/2024', 'mdy')).toEqual(new Date('2024-03-04T00:00:00Z'));
    expect(readDate('03/04/2024', 'auto')).toBeNull();
    expect(readDate('25/03/2024 3:05 PM', 'auto')).toEqual(new Date('2024-03-25T15:05:00Z'));
    expect(readDate('45678', 'auto')).toEqual(new Date('2025-01-21T00:00:00Z'));
    expect(readDate('19 Sep 2024', 'auto')).toEqual(new Date('2024-09-19T00:00:00Z'));
    expect(readDate('Sep 19, 2024', 'auto')).toEqual(new Date('2024-09-19T00:00:00Z'));
    for (const bad of ['2024-02-30', 'yesterday', '2024', '13/13/2024', '']) expect(readDate(bad, 'dmy')).toBeNull();
  });

  it('ratings on other scales', () => {
    expect([toStars('5'), toStars('5.0'), toStars('80', 100), toStars('0', 100), toStars('7', 10)]).toEqual([5, 5, 4, 1, 4]);
    expect([toStars('6'), toStars('abc'), toStars('101', 100)]).toEqual([
      { error: RATING_MESSAGE },
      { error: RATING_MESSAGE },
      { error: 'The rating must be a number from 0 to 100' },
    ]);
  });

  it('countries from codes, names and places', () => {
    expect(['de', 'Germany', 'Berlin, Germany', 'Montréal, Canada', 'USA', 'Denver, CO', 'Atlantis', ''].map(countryCode)).toEqual([
      'DE',
      'DE',
      'DE',
      'CA',
      'US',
      null,
      null,
      null,
    ]);
  });

  it('the same review keys the same, whatever format read it', () => {
    const a = shopifyRow();
    const b = shopifyRow({}, { ...formatById('shopify')!, id: 'other' });
    expect('review' in a && 'review' in b && a.review.key === b.review.key).toBe(true);
    const c = shopifyRow({ body: 'Another text.' });
    expect('review' in a && 'review' in c && a.review.key !== c.review.key).toBe(true);
  });
});

/** `review_score` / `reviewScore` -> `Review Score`: how a vendor's spreadsheet spells a column out. */
const spelledOut = (header: string) =>
  header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

describe('spelled-out headers: every format read the same under both spellings', () => {
  it.each(['judgeme-export.csv', 'judgeme-template.csv', 'loox.csv', 'okendo.csv', 'yotpo.csv', 'stamped.csv', 'shopify-product-reviews.csv', 'plaudit.csv'])(
    '%s',
    (file) => {
      const { headers, records } = readCsv(file);
      const spelled = headers.map(spelledOut);
      expect(spelled).not.toEqual(headers);
      const original = detectFormat(headers);
      const again = detectFormat(spelled);
      expect(again.format.id).toBe(original.format.id);
      // the same reviews, and the same notes naming the file's own header
      const read = (format: ImportFormat, mapping: Record<string, string | null>, rename: (h: string) => string) =>
        records.map(({ record, line }) => {
          const r = toParsedReview(Object.fromEntries(Object.entries(record).map(([h, v]) => [rename(h), v])), line, format, mapping, NOW);
          const notes = 'errors' in r ? r.errors : r.warnings;
          return { ...r, notes: notes.map((n) => ({ ...n, column: normaliseHeader(n.column) })), errors: undefined, warnings: undefined };
        });
      expect(read(again.format, again.mapping, spelledOut)).toEqual(read(original.format, original.mapping, (h) => h));
    },
  );

  it("Yotpo's spelled-out export: its own words for the date, the reviewer, the photos and the status", () => {
    const r = importFixture('yotpo-export.csv');
    expect(r.format).toBe('yotpo');
    expect(r.problems).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(r.reviews[0]).toMatchObject({
      key: 'yotpo:410001',
      firstName: 'Olivia',
      lastName: 'Bennett',
      email: 'olivia.bennett@example.com',
      createdAt: new Date('2024-01-20T18:22:05Z'),
      status: 'published',
      product: { id: '9007199254741023' },
    });
    expect(r.reviews[0].photoUrls).toHaveLength(2);
    expect(r.reviews[1]).toMatchObject({ status: 'unpublished', firstName: 'Marcus', createdAt: new Date('2024-02-02T10:00:00Z') });
    expect(r.reviews[2]).toMatchObject({ product: null, firstName: 'Emma' });
  });
});

describe('columns with values that nothing imports are named', () => {
  it("Yotpo's order id and profanity flag are reported, its blank columns are not", () => {
    const { headers, records } = readCsv('yotpo-export.csv');
    const { format, mapping } = detectFormat(headers);
    expect(
      unmappedColumns(
        format,
        mapping,
        headers,
        records.map((r) => r.record),
      ),
    ).toEqual([
      { header: 'Order ID', date: false },
      { header: 'Profanity Flag', date: false },
    ]);
  });

  it('a date column the format does not know is reported as a date', () => {
    const headers = ['product_handle', 'rating', 'body', 'Submitted On', 'Helpful Votes', 'Notes'];
    const records = [
      { product_handle: 'mug', rating: '5', body: 'Nice', 'Submitted On': '2024-03-01 10:00', 'Helpful Votes': '3', Notes: '' },
      { product_handle: 'mug', rating: '4', body: 'Fine', 'Submitted On': '19 Sep 2024', 'Helpful Votes': '12', Notes: '' },
    ];
    const { format, mapping } = detectFormat(headers);
    expect(format.id).toBe('generic');
    expect(mapping.createdAt).toBeNull();
    expect(unmappedColumns(format, mapping, headers, records)).toEqual([
      { header: 'Submitted On', date: true },
      { header: 'Helpful Votes', date: false },
    ]);
  });
});
