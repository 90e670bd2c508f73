// The storefront's languages are complete (issue 19): every key of the English storefront catalog
// (plugins/widgets/storefront/locales/en.json) in every language, with English's {{placeholders}}
// (their formats too: `{{count, number}}`), never empty, never English unless listed below; plural
// keys with exactly the forms Intl.PluralRules has for the language (French and Spanish have
// `many`, Japanese only `other`). The theme extension's own locale files likewise. Then the plural
// forms, numbers and the language fallbacks as shoppers meet them.
import fs from 'node:fs';
import path from 'node:path';
import { loadCatalog, shopperLanguage, STOREFRONT_LOCALES } from '../api/storefront-text';
import { DISPLAY_LABELS, displayDefault } from '../shared/labels';
import { STOREFRONT_LANGUAGES, storefrontLanguage, textDirection } from '../shared/storefront-language';
import { widgetText, type Messages } from '../shared/widget-text';
import { text } from '../storefront/common';

const EXTENSION_LOCALES = path.resolve(__dirname, '../../../extensions/plaudit-reviews/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Translations that may equal English: words that are the same in that language. */
const IDENTICAL_ALLOWED: Record<string, string[]> = { fr: ['result.field.photos'], es: ['form.no'], it: ['form.no'] };

type Flat = Record<string, unknown>;
function flatten(tree: unknown, prefix = '', out: Flat = {}): Flat {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, name, out);
    else out[name] = value;
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)]
    .map((m) => m[1].replace(/\s+/g, ' '))
    .sort()
    .join(' | ');

/** key -> its forms: '' for a plain key, the plural categories for a plural family. */
function families(flat: Flat): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  for (const [key, value] of Object.entries(flat)) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    if (!out.has(base)) out.set(base, new Map());
    out.get(base)!.set(m ? m[1] : '', value);
  }
  return out;
}

/** What is wrong with one language against English; empty when all is well. */
function problems(lang: string, english: Flat, messages: Flat): string[] {
  const found: string[] = [];
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.sort();
  const en = families(english);
  const own = families(messages);
  const allowed = new Set(IDENTICAL_ALLOWED[lang] ?? []);
  for (const [base, enForms] of en) {
    const forms = own.get(base);
    if (!forms) {
      found.push(`${lang} ${base}: missing`);
      continue;
    }
    const plural = !enForms.has('');
    const expected = plural ? categories : [''];
    const actual = [...forms.keys()].sort();
    if (actual.join() !== expected.join()) found.push(`${lang} ${base}: forms [${actual}] instead of [${expected}]`);
    const reference = String(enForms.get(plural ? 'other' : ''));
    for (const [form, value] of forms) {
      const key = form ? `${base}_${form}` : base;
      if (typeof value !== 'string' || !value.trim()) found.push(`${lang} ${key}: empty or not a string`);
      else if (placeholders(value) !== placeholders(reference))
        found.push(`${lang} ${key}: placeholders {${placeholders(value)}} instead of {${placeholders(reference)}}`);
      else if (value === english[key] && !allowed.has(key)) found.push(`${lang} ${key}: untranslated ("${value}")`);
    }
  }
  for (const base of own.keys()) if (!en.has(base)) found.push(`${lang} ${base}: not in English`);
  return found;
}

const catalog = loadCatalog();
const english = flatten(catalog.en);

test('the checker flags a missing key, a missing plural form, a placeholder change and an untranslated text', () => {
  const en = { title: 'Reviews', count_one: '{{count, number}} review', count_other: '{{count, number}} reviews' };
  expect(
    problems('fr', en, { title: 'Avis', count_one: '{{count, number}} avis', count_many: '{{count, number}} d’avis', count_other: '{{count, number}} avis' }),
  ).toEqual([]);
  expect(problems('fr', en, { title: 'Reviews', count_one: '{{count}} avis', count_other: '{{count, number}} avis', extra: 'x' })).toEqual([
    'fr title: untranslated ("Reviews")',
    'fr count: forms [one,other] instead of [many,one,other]',
    'fr count_one: placeholders {count} instead of {count, number}',
    'fr extra: not in English',
  ]);
  expect(problems('ja', en, { count_other: '{{count, number}}件' })).toEqual(['ja title: missing']);
});

test('the twelve storefront languages are there, and nothing else', () => {
  expect(Object.keys(catalog).sort()).toEqual([...STOREFRONT_LANGUAGES].sort());
  expect(fs.readdirSync(STOREFRONT_LOCALES).sort()).toEqual(STOREFRONT_LANGUAGES.map((l) => `${l}.json`).sort());
});

test('English: every value a non-empty string; every allowed-identical key exists', () => {
  for (const [key, value] of Object.entries(english)) expect([key, typeof value === 'string' && value.length > 0]).toEqual([key, true]);
  for (const keys of Object.values(IDENTICAL_ALLOWED)) for (const key of keys) expect(english).toHaveProperty([key]);
});

test.each(STOREFRONT_LANGUAGES.filter((l) => l !== 'en'))('storefront catalog %s has every key, plural form and placeholder of English', (lang) => {
  expect(problems(lang, english, flatten(catalog[lang]))).toEqual([]);
});

test("the display settings' English defaults are the catalog's English, so an untouched setting reads as the default in every language", () => {
  for (const key of Object.keys(DISPLAY_LABELS)) expect([key, english[key]]).toEqual([key, displayDefault(key)]);
});

describe("the theme extension's locale files", () => {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(EXTENSION_LOCALES, file), 'utf8')) as Messages;
  const base = read('en.default.json');

  test('one per storefront language besides the default', () => {
    expect(fs.readdirSync(EXTENSION_LOCALES).sort()).toEqual(
      ['en.default.json', ...STOREFRONT_LANGUAGES.filter((l) => l !== 'en').map((l) => `${l}.json`)].sort(),
    );
  });

  test.each(STOREFRONT_LANGUAGES.filter((l) => l !== 'en'))('%s: every key, the plural forms Shopify picks for it, English placeholders', (lang) => {
    const own = read(`${lang}.json`);
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const walk = (en: Messages, mine: Messages | undefined, at: string) => {
      for (const [key, value] of Object.entries(en)) {
        const theirs = mine?.[key];
        if (typeof value === 'string') {
          expect([`${at}${key}`, typeof theirs === 'string' && theirs !== value && placeholders(theirs) === placeholders(value)]).toEqual([
            `${at}${key}`,
            true,
          ]);
        } else if ('other' in value) {
          // a count: the language's CLDR forms (and `one`, which Shopify may ask for whatever the language)
          for (const form of new Set([...categories, 'one']))
            expect([`${at}${key}.${form}`, placeholders(String((theirs as Messages | undefined)?.[form]))]).toEqual([
              `${at}${key}.${form}`,
              placeholders(String(value.other)),
            ]);
        } else walk(value, theirs as Messages | undefined, `${at}${key}.`);
      }
    };
    walk(base, own, '');
  });
});

describe('plural forms and numbers', () => {
  const t = (lang: string) => widgetText(catalog, lang);

  test("one review, two reviews; numbers grouped the language's way", () => {
    expect(t('en').t('common.reviews', { count: 1 })).toBe('1 review');
    expect(t('en').t('common.reviews', { count: 2 })).toBe('2 reviews');
    expect(t('en').t('common.reviews', { count: 12345 })).toBe('12,345 reviews');
    expect(t('de').t('common.reviews', { count: 1 })).toBe('1 Bewertung');
    expect(t('de').t('common.reviews', { count: 12345 })).toBe('12.345 Bewertungen');
    expect(t('hi').t('common.reviews', { count: 1 })).toBe('1 समीक्षा');
    expect(t('hi').t('common.reviews', { count: 3 })).toBe('3 समीक्षाएँ');
    expect(t('ja').t('common.reviews', { count: 1 })).toBe('1件のレビュー');
    expect(t('ja').t('common.reviews', { count: 3 })).toBe('3件のレビュー');
  });

  test('languages with three forms: French zero is singular, a million takes "many"', () => {
    const fr = t('fr');
    expect(fr.t('common.reviews', { count: 0 })).toBe('0 avis');
    expect(fr.t('box.showing', { count: 1 })).toBe('1 avis affiché');
    expect(fr.t('box.showing', { count: 2 })).toBe('2 avis affichés');
    expect(fr.t('box.showing', { count: 1_000_000 })).toBe('1\u202f000\u202f000 d’avis affichés');
    expect(t('es').t('common.reviews', { count: 1_000_000 })).toBe('1.000.000 de reseñas');
    expect(t('pt-BR').t('form.star', { count: 1 })).toBe('1 estrela');
    expect(t('pt-BR').t('form.star', { count: 5 })).toBe('5 estrelas');
  });

  test('the scripts pick the same forms from the texts the server gave them', () => {
    const widget = (lang: string, keys: string[]) =>
      ({ lang, dataset: { plI18n: JSON.stringify(Object.fromEntries(keys.map((k) => [k, t(lang).raw(k)]))) } }) as unknown as HTMLElement;
    const fr = widget('fr', ['box.showing']);
    expect(text(fr, 'box.showing', 1)).toBe('1 avis affiché');
    expect(text(fr, 'box.showing', 1_000_000)).toBe('1\u202f000\u202f000 d’avis affichés');
    expect(text(widget('de', ['box.showing']), 'box.showing', 2)).toBe('2 Bewertungen werden angezeigt');
    expect(text(widget('ja', ['box.load_failed']), 'box.load_failed')).toBe('レビューを読み込めませんでした。もう一度お試しください。');
  });

  test("averages and star labels in the language's decimals", () => {
    expect(t('de').t('common.stars_label', { rating: t('de').number(4.5, { maximumFractionDigits: 1 }) })).toBe('4,5 von 5 Sternen');
    expect(t('en').number(4, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4.0');
  });
});

describe('which language a storefront request gets', () => {
  test("the storefront locale, exactly or by its base language; then the shop's primary locale; then English", () => {
    expect(shopperLanguage('de', 'en')).toBe('de');
    expect(shopperLanguage('de-CH', 'en')).toBe('de');
    expect(shopperLanguage('pt-PT', 'en')).toBe('pt-BR'); // the only Portuguese there is
    expect(shopperLanguage('pt', 'en')).toBe('pt-BR');
    expect(shopperLanguage('zh-TW', 'en')).toBe('zh-CN');
    expect(shopperLanguage('zh_cn', 'en')).toBe('zh-CN');
    expect(shopperLanguage('sv', 'fr')).toBe('fr');
    expect(shopperLanguage('sv', 'sv-SE')).toBe('en');
    expect(shopperLanguage(undefined, 'ja')).toBe('ja');
    expect(shopperLanguage(['de', 'fr'], 'es')).toBe('es'); // a repeated parameter names no language
    expect(shopperLanguage('../../etc', 'hi')).toBe('hi');
    expect(shopperLanguage('vi-VN', 'en')).toBe('vi');
  });

  test('right-to-left languages are known by their base language', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('fa')).toBe('rtl');
    expect(STOREFRONT_LANGUAGES.filter((l) => textDirection(l) === 'rtl')).toEqual([]);
    expect(storefrontLanguage(['en', 'ar'], 'ar-EG', 'en')).toBe('ar');
  });
});
