// Every competitor's format end to end (fixtures/README.md has each file's expected counts): upload,
// the format recognised by its header, the workflow, then the shop's reviews checked for counts,
// states, replies, stored photos, store reviews, dates and the error report's notes; importing the
// file again creates nothing.
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURES, importFile, errorReport, importStack, reviewsOf, shopOn, type Stack } from './stack';

jest.setTimeout(240_000);

let stack: Stack;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, close } = await importStack('fixtures')), 120_000);
afterAll(() => close?.());

interface Expected {
  file: string;
  format: string;
  rows: number;
  imported: number;
  unpublished: number;
  replies: number;
  photos: number;
  store: number;
  notes: number;
}

/** The table of fixtures/README.md: the one place the expected counts are written. */
function expectations(): Expected[] {
  const table = fs
    .readFileSync(path.join(FIXTURES, 'README.md'), 'utf8')
    .split('\n')
    .filter((l) => /^\| `/.test(l));
  return table.map((l) => {
    const [file, format, rows, imported, unpublished, replies, , photos, store, warnings] = l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim().replace(/`/g, ''));
    return { file, format, rows: +rows, imported: +imported, unpublished: +unpublished, replies: +replies, photos: +photos, store: +store, notes: +warnings };
  });
}

test.each(expectations())('$file ($format): $imported reviews with their states, replies and photos; again: none', async (e) => {
  const shop = await shopOn(stack);
  const { file, run } = await importFile(stack, shop, e.file);
  expect(file.format).toBe(e.format);
  expect(run).toMatchObject({ status: 'completed', total: e.rows, processed: e.rows, imported: e.imported, failed: 0 });
  const reviews = await reviewsOf(shop);
  expect(reviews).toHaveLength(e.imported);
  expect(reviews.filter((r) => r.status === 'unpublished')).toHaveLength(e.unpublished);
  expect(reviews.filter((r) => r.replyContent)).toHaveLength(e.replies);
  expect(reviews.filter((r) => r.kind === 'store')).toHaveLength(e.store);
  expect(reviews.flatMap((r) => r.media)).toHaveLength(e.photos);
  expect(reviews.every((r) => r.imported && r.rating >= 1 && r.rating <= 5)).toBe(true);
  // every photo is ours, re-encoded, not a link to the previous app's CDN
  expect(reviews.flatMap((r) => r.media).every((m: { url: string }) => m.url.startsWith('/media/'))).toBe(true);
  const report = await errorReport(stack, shop, run.id);
  expect(report).toHaveLength(e.notes + run.photosFailed);

  const again = await importFile(stack, shop, e.file);
  expect(again.run).toMatchObject({ status: 'completed', imported: 0, skipped: e.imported });
  expect(await reviewsOf(shop)).toHaveLength(e.imported);
});

test("dates in each vendor's order, countries from locations, products by SKU, the failed photo reported", async () => {
  const byContent = async (file: string) => {
    const shop = await shopOn(stack);
    const { run } = await importFile(stack, shop, file);
    return { shop, run, reviews: await reviewsOf(shop), find: (text: string) => (reviews: any[]) => reviews.find((r) => r.content.includes(text)) };
  };
  // Judge.me's template: dd/mm/yyyy (03/04/2024 is 3 April)
  const judgeme = await byContent('judgeme-template.csv');
  const notebook = judgeme.reviews.find((r) => r.content.includes('fountain pen'));
  expect(notebook.createdAt.slice(0, 10)).toBe('2024-04-03');
  expect(judgeme.reviews.find((r) => r.content.includes('laptop'))).toMatchObject({ replyContent: 'Gracias, Sofía!', firstName: 'Sofía', lastName: 'García' });
  expect(judgeme.reviews.find((r) => r.content.includes('laptop')).repliedAt.slice(0, 10)).toBe('2023-12-27');
  // Stamped: mm/dd/yyyy; its location gives the country
  const stamped = await byContent('stamped.csv');
  expect(stamped.reviews.find((r) => r.content.includes('inside pocket'))).toMatchObject({ country: 'NZ', productId: stamped.shop.gid('linen-tote-bag') });
  expect(stamped.reviews.find((r) => r.content.includes('inside pocket')).createdAt.slice(0, 10)).toBe('2024-03-14');
  // Okendo: products by SKU
  const okendo = await byContent('okendo.csv');
  expect(new Set(okendo.reviews.map((r) => r.productId)).has(okendo.shop.gid('bamboo-cutting-board'))).toBe(true);
  // Loox: the photo at a missing URL is reported, its review kept with the other photo
  const loox = await byContent('loox.csv');
  expect(loox.run.photosFailed).toBe(1);
  const report = await errorReport(stack, loox.shop, loox.run.id);
  expect(report[0].reason).toMatch(/^Photo not imported \(https:\/\/.*bottle-missing-2\.jpg\): the server answered 404$/);
});
