// Customers read Hindi and Vietnamese besides the admin's ten languages (issue 19): the emails and
// public pages rendered on the server (api/kernel/i18n.ts). locales/customer-keys.json declares, per
// namespace, the key paths customers read; for hi and vi, in every namespace that has locales:
// - every English key under a declared path exists as a non-empty string with exactly English's
//   {{placeholders}} and Liquid tags ({% if %} ...), differing from English unless '$identical' allows it;
// - plural keys have exactly the language's CLDR categories (Hindi one/other, Vietnamese other);
// - nothing else: a key outside the declared paths, or a file in an undeclared namespace, fails;
// - every declared path exists in English (a renamed key must be renamed in the list too).
import path from 'node:path';
import { type Flat, loadFlat, namespaces, readJson, ROOT } from './locale-files';
import { CUSTOMER_ONLY_LANGUAGES, KERNEL_LOCALES, pickCustomerLanguage, Translations } from '../../api/kernel/i18n';
import type { DiscoveredPlugin } from '../../api/plugins/discover';
import { LANGUAGES } from '../../admin/src/languages';

type Declared = Record<string, string[]>;

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([^{}\s,|]+)[^{}]*\}\}/g)].map((m) => m[1]))].sort().join(', ');
const liquidTags = (text: string) => [...text.matchAll(/\{%-?\s*(\w+)/g)].map((m) => m[1]).join(' ');
const PLURAL = /_(zero|one|two|few|many|other)$/;
const covered = (key: string, paths: string[]) => paths.some((p) => key === p || key.startsWith(`${p}.`));

/** The keys a language must have: English's under the paths, plural groups in the language's own categories. */
function expectedKeys(english: Flat, paths: string[], language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(english)) {
    if (!covered(key, paths) || typeof value !== 'string') continue;
    const base = PLURAL.test(key) ? key.replace(PLURAL, '') : undefined;
    if (!base) out.set(key, value);
    else for (const c of categories) out.set(`${base}_${c}`, String(english[`${base}_${c}`] ?? english[`${base}_other`] ?? value));
  }
  return out;
}

/** What is wrong with one namespace's customer-only translations; an empty list when all is well. */
function customerProblems(
  namespace: string,
  english: Flat,
  paths: string[],
  translations: Record<string, Flat | undefined>,
  identical: string[] = [],
): string[] {
  const problems: string[] = [];
  for (const p of paths) if (!Object.keys(english).some((k) => covered(k, [p]))) problems.push(`${namespace}: declared ${p}, but English has no such key`);
  for (const [language, messages] of Object.entries(translations)) {
    if (!messages) {
      if (paths.length) problems.push(`${namespace}/${language}: no ${language}.json`);
      continue;
    }
    const expected = expectedKeys(english, paths, language);
    for (const [key, en] of expected) {
      const value = messages[key];
      if (!(key in messages)) problems.push(`${namespace}/${language} ${key}: missing`);
      else if (typeof value !== 'string' || value.trim() === '') problems.push(`${namespace}/${language} ${key}: empty or not a string`);
      else if (placeholders(value) !== placeholders(en))
        problems.push(`${namespace}/${language} ${key}: placeholders {${placeholders(value)}} instead of {${placeholders(en)}}`);
      else if (liquidTags(value) !== liquidTags(en))
        problems.push(`${namespace}/${language} ${key}: Liquid tags "${liquidTags(value)}" instead of "${liquidTags(en)}"`);
      else if (value === en && !identical.includes(key)) problems.push(`${namespace}/${language} ${key}: untranslated ("${en}")`);
    }
    for (const key of Object.keys(messages)) if (!expected.has(key)) problems.push(`${namespace}/${language} ${key}: not a customer key`);
  }
  return problems;
}

describe('the customer-language check', () => {
  const english = {
    'public.title': 'Review {{product}}',
    'public.stars_one': '{{count}} star',
    'public.stars_other': '{{count}} stars',
    'admin.menu': 'Reviews',
    'mail.body': '{% if a %}Hi {{ a }}{% endif %}',
  };
  test('passes a language with the declared keys and its own plural forms', () => {
    const vi = { 'public.title': 'Đánh giá {{product}}', 'public.stars_other': '{{count}} sao' };
    const hi = { 'public.title': '{{product}} की समीक्षा करें', 'public.stars_one': '{{count}} स्टार', 'public.stars_other': '{{count}} स्टार' };
    expect(customerProblems('demo', english, ['public'], { vi, hi })).toEqual([]);
  });
  test('flags missing and extra keys, changed placeholders and Liquid, English copies, a stale path, a missing file', () => {
    const vi = { 'public.title': 'Đánh giá {{name}}', 'public.stars_one': '{{count}} sao', 'admin.menu': 'Đánh giá', 'mail.body': 'Chào {{ a }}' };
    const hi = { 'public.title': 'Review {{product}}', 'public.stars_other': '{{count}} स्टार', 'mail.body': '{% if a %}नमस्ते {{ a }}{% endif %}' };
    expect(customerProblems('demo', english, ['public', 'mail', 'gone'], { vi, hi, xx: undefined })).toEqual([
      'demo: declared gone, but English has no such key',
      'demo/vi public.title: placeholders {name} instead of {product}',
      'demo/vi public.stars_other: missing',
      'demo/vi mail.body: Liquid tags "" instead of "if endif"',
      'demo/vi public.stars_one: not a customer key',
      'demo/vi admin.menu: not a customer key',
      'demo/hi public.title: untranslated ("Review {{product}}")',
      'demo/hi public.stars_one: missing',
      'demo/xx: no xx.json',
    ]);
  });
});

const customerKeys = readJson(path.join(ROOT, 'locales/customer-keys.json')) as Record<string, unknown>;
const declared = Object.fromEntries(Object.entries(customerKeys).filter(([k]) => !k.startsWith('$'))) as Declared;
const identical = (customerKeys.$identical ?? {}) as Declared;

test('the list names only namespaces that have locales', () => {
  const names = namespaces().map((n) => n.name);
  for (const namespace of [...Object.keys(declared), ...Object.keys(identical)]) expect(names).toContain(namespace);
});

test.each(namespaces().map((n) => [n.name, n.dir] as const))('namespace %s has its customer keys in Hindi and Vietnamese, and nothing else', (name, dir) => {
  const load = (code: string) => loadFlat(dir, code);
  const translations = Object.fromEntries(CUSTOMER_ONLY_LANGUAGES.map((c) => [c, load(c)]));
  expect(customerProblems(name, load('en')!, declared[name] ?? [], translations, identical[name])).toEqual([]);
});

test('a customer language is picked among the twelve; the admin keeps ten', () => {
  expect(LANGUAGES).toHaveLength(10);
  expect(pickCustomerLanguage('hi', 'de')).toBe('hi');
  expect(pickCustomerLanguage('hi-IN')).toBe('hi');
  expect(pickCustomerLanguage('vi_VN', 'en')).toBe('vi');
  expect(pickCustomerLanguage('sv', 'vi')).toBe('vi');
  expect(pickCustomerLanguage(null, 'pt-PT')).toBe('pt-BR');
  expect(pickCustomerLanguage('zh-TW')).toBe('zh-CN');
  expect(pickCustomerLanguage('sv', undefined)).toBe('en');
});

test('the kernel speaks Hindi and Vietnamese to customers, with their plural forms; the rest falls back to English', () => {
  const plugin = (id: string) =>
    ({ id, dir: path.join(ROOT, 'plugins', id), sides: { locales: path.join(ROOT, 'plugins', id, 'locales') } }) as DiscoveredPlugin;
  const i18n = new Translations(KERNEL_LOCALES, ['reviews', 'qr-codes'].map(plugin));
  const hi = i18n.forLanguage(i18n.language('hi-IN', 'en'));
  const vi = i18n.forLanguage(i18n.language(null, 'vi'));
  expect(hi('reviews:public.write.heading', { product: 'Chai' })).toBe('आपको Chai कैसा लगा?');
  expect([hi('qr-codes:page.review_count', { count: 1 }), hi('qr-codes:page.review_count', { count: 3 })]).toEqual(['1 समीक्षा', '3 समीक्षाएँ']);
  expect([vi('qr-codes:page.review_count', { count: 1 }), vi('reviews:public.write.stars', { count: 1 })]).toEqual(['1 đánh giá', '1 sao']);
  // a merchant's text has no Hindi: English, as the admin would show it
  expect(hi('reviews:menu.manage')).toBe('Manage reviews');
  expect(i18n.adminLanguage('hi', 'vi')).toBe('en');
});
