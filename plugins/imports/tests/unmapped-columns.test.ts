// Nothing dropped unseen (issue 37, item 10): a column with values that no field takes is named by
// the upload (for the mapping step) and by `npm run plaudit -- import`, and the CLI refuses to guess
// a date: a file whose date column it cannot map fails naming the column, unless `--ignore-column`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandError } from '@plaudit/kernel';
import cli from '../cli';
import { FIXTURES, importStack, reviewsOf, shopOn, upload, type Shop, type Stack, lastLine, runCli } from './stack';

jest.setTimeout(180_000);

let stack: Stack;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, close } = await importStack('unmapped')), 120_000);
afterAll(() => close?.());

const plaudit = (...args: string[]) => runCli(stack.appUrl, ...args);

/** The Yotpo export with the shop's own product ids (the emulator numbers products across shops). */
function yotpoExportFor(shop: Shop): string {
  const ids: Record<string, string> = { '9007199254741023': 'stoneware-plate-set', '9007199254741026': 'glass-water-bottle' };
  const text = fs.readFileSync(path.join(FIXTURES, 'yotpo-export.csv'), 'utf8').replace(/9007199254741\d{3}/g, (id) => shop.gid(ids[id]).split('/').at(-1)!);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-yotpo-')), 'yotpo-export.csv');
  fs.writeFileSync(file, text);
  return file;
}

/** A file no vendor wrote: its date sits under a header no format knows. */
function submittedOnFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-unmapped-')), 'reviews.csv');
  fs.writeFileSync(
    file,
    'product_handle,rating,body,author,Submitted On\nstoneware-plate-set,5,Lovely plates,Ana Silva,2024-03-01 10:00\nleather-notebook,4,Nice notebook,Ben Okafor,2024-04-02 11:00\n',
  );
  return file;
}

test("the upload names Yotpo's spelled-out export columns it does not import, and reads the ones it does", async () => {
  const shop = await shopOn(stack);
  const { status, body } = await upload(stack, shop, 'yotpo-export.csv');
  expect(status).toBe(201);
  const file = body.data;
  expect(file).toMatchObject({
    format: 'yotpo',
    unmapped: [
      { header: 'Order ID', date: false },
      { header: 'Profanity Flag', date: false },
    ],
  });
  expect(file.mapping).toMatchObject({
    createdAt: 'Review Creation Date',
    author: 'Reviewer Display Name',
    photos: 'Published Image URLs',
    state: 'Review Status',
  });
});

test('the CLI imports the spelled-out Yotpo export with its dates, names and photos, and names what it left out', async () => {
  const shop = await shopOn(stack);
  const out = await plaudit('import', '--shop', shop.domain, yotpoExportFor(shop));
  expect(out).toMatchObject({ code: 0 });
  expect(out.stdout).toContain('not imported (no field takes them): "Order ID", "Profanity Flag"');
  expect(JSON.parse(lastLine(out.stdout))).toEqual({ imported: 3, skipped: 0, failed: 0, format: 'yotpo' });
  const reviews = await reviewsOf(shop);
  const olivia = reviews.find((r) => r.firstName === 'Olivia');
  expect(olivia).toMatchObject({ lastName: 'Bennett', status: 'published', productId: shop.gid('stoneware-plate-set') });
  expect(new Date(olivia.createdAt).toISOString()).toBe('2024-01-20T18:22:05.000Z');
  expect(olivia.media).toHaveLength(2);
  expect(reviews.find((r) => r.firstName === 'Marcus')).toMatchObject({ status: 'unpublished' });
});

// in process (the command's own code, against the running app): two more CLI processes would take a minute of CPU
test('the import command refuses a date column it cannot map, naming it, unless told to ignore it', async () => {
  const shop = await shopOn(stack);
  const file = submittedOnFile();
  const lines: string[] = [];
  const run = (...args: string[]) =>
    cli.commands.import.run(args, { knex: stack.api.knex, print: (line) => lines.push(line), appApi: () => ({ url: stack.appUrl, token: shop.appToken }) });

  // a CommandError: the CLI exits with code 2 and prints the message
  await expect(run('--shop', shop.domain, file)).rejects.toThrow(
    new CommandError(
      'The column "Submitted On" holds dates that no field of the generic format takes: nothing was imported. Pass --ignore-column "Submitted On" to import without it.',
    ),
  );
  expect(await reviewsOf(shop)).toEqual([]);

  await run('--shop', shop.domain, '--ignore-column', 'Submitted On', file);
  expect(JSON.parse(lines.at(-1)!)).toEqual({ imported: 2, skipped: 0, failed: 0, format: 'generic' });
  expect(await reviewsOf(shop)).toHaveLength(2);
});
