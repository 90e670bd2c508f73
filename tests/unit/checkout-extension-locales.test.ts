// The checkout block (extensions/plaudit-review-channel) speaks the twelve shopper languages of the
// theme extension: every locale file holds the default's keys, each with the same {{placeholders}}.
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.resolve(__dirname, '../../extensions/plaudit-review-channel/locales');
const THEME_DIR = path.resolve(__dirname, '../../extensions/plaudit-reviews/locales');

type Strings = { [key: string]: string | Strings };
const read = (file: string): Strings => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));

/** key path -> the sorted placeholders of its text */
function leaves(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string')
      out.set(
        at,
        [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
          .map((m) => m[1])
          .sort()
          .join(','),
      );
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

const english = leaves(read('en.default.json'));

test('the block has a file for each language of the theme extension', () => {
  expect(fs.readdirSync(DIR).sort()).toEqual(fs.readdirSync(THEME_DIR).sort());
});

test.each(fs.readdirSync(DIR).filter((f) => f !== 'en.default.json'))('%s: the same keys and placeholders as English, none left empty', (file) => {
  const strings = read(file);
  expect(leaves(strings)).toEqual(english);
  expect(JSON.stringify(strings)).not.toMatch(/:""/);
});
