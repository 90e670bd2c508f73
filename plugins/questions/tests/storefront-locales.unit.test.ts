// The block's twelve storefront catalogs are complete: every English key in every language, with
// English's placeholders, never empty, and translated (words that really are the same are listed).
import fs from 'node:fs';
import path from 'node:path';
import { STOREFRONT_LOCALES } from '../storefront/text';

const LANGUAGES = ['de', 'en', 'es', 'fr', 'hi', 'it', 'ja', 'ko', 'nl', 'pt-BR', 'vi', 'zh-CN'];
/** the same in that language: a name and a date, or a word shared with English */
const IDENTICAL_ALLOWED = new Set(['block.asked_by', 'block.answered_by', 'fr:block.question_label', 'nl:form.website']);
const PLURAL = /_(one|many|other)$/;

function flatten(tree: object, prefix = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(tree)) typeof v === 'string' ? (out[prefix + k] = v) : flatten(v, `${prefix}${k}.`, out);
  return out;
}
const read = (lang: string) => flatten(JSON.parse(fs.readFileSync(path.join(STOREFRONT_LOCALES, `${lang}.json`), 'utf8')));
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join();

test('one catalog per storefront language', () => {
  expect(fs.readdirSync(STOREFRONT_LOCALES).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
});

test.each(LANGUAGES.filter((l) => l !== 'en'))('%s: every key, English placeholders, translated', (lang) => {
  const en = read('en');
  const own = read(lang);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(en)) {
    const mine = own[key] ?? (PLURAL.test(key) ? own[key.replace(PLURAL, '_other')] : undefined);
    if (!mine?.trim()) problems.push(`${key}: missing`);
    else if (placeholders(mine) !== placeholders(value)) problems.push(`${key}: placeholders`);
    else if (mine === value && !IDENTICAL_ALLOWED.has(key) && !IDENTICAL_ALLOWED.has(`${lang}:${key}`)) problems.push(`${key}: untranslated`);
  }
  for (const key of Object.keys(own)) if (!(key in en) && !PLURAL.test(key)) problems.push(`${key}: not in English`);
  expect(problems).toEqual([]);
});
