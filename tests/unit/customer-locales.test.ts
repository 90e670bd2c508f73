// Customers read Hindi and Vietnamese besides the admin's ten languages (issue 19): the emails and
// public pages rendered on the server (api/kernel/i18n.ts). locales/customer-keys.json declares, per
// namespace, the key paths customers read; for hi and vi, in every namespace that has locales:
// - every English key under a declared path exists as a non-empty string with exactly English's
//   {{placeholders}} and Liquid tags ({% if %} ...), differing from English unless '$identical' allows it;
// - plural keys have exactly the language's CLDR categories (Hindi one/other, Vietnamese other);
// - nothing else: a key outside the declared paths, or a file in an undeclared namespace, fails;
// - every declared path exists in English (a renamed key must be renamed in the list too).
// The list may name a plugin removed from the tree (PLAUDIT_REMOVED_PLUGINS, locale-files.ts); the runtime
// check takes its examples from the installed plugins.
import path from 'node:path';
import { type Flat, loadFlat, namespaces, readJson, REMOVED_PLUGINS, ROOT } from './locale-files';
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

test('the list names only namespaces that have locales (or a plugin removed from this tree)', () => {
  const names = [...namespaces().map((n) => n.name), ...REMOVED_PLUGINS];
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

// The runtime's examples, taken from the installed plugins that declare customer keys, in the list's
// order (the removal test runs this file without one of them): a text with placeholders, a plural
// and a key customers do not read.
const customerPlugins = namespaces()
  .filter((n) => n.name !== 'kernel' && declared[n.name]?.length)
  .sort((a, b) => Object.keys(declared).indexOf(a.name) - Object.keys(declared).indexOf(b.name))
  .map((n) => ({ ...n, en: loadFlat(n.dir, 'en') ?? {}, hi: loadFlat(n.dir, 'hi') ?? {}, vi: loadFlat(n.dir, 'vi') ?? {} }));
type CustomerPlugin = (typeof customerPlugins)[number];
const SIMPLE = /\{\{\s*\w+\s*\}\}/g;
// (not {{count}}, which selects a plural form)
const hasPlaceholder = (text: string) => /\{\{\s*\w+\s*\}\}/.test(text);
/** A plain string: placeholders only of the {{name}} form, no Liquid, no nesting. */
const plain = (value: unknown): value is string =>
  typeof value === 'string' && !value.includes('{%') && !value.includes('$t(') && value.replace(SIMPLE, '').match(/\{\{|\}\}/) === null;
const fill = (text: string, vars: Record<string, unknown>) => text.replace(SIMPLE, (m) => String(vars[m.slice(2, -2).trim()]));
/** The first key, across the plugins, that `pick` accepts. */
function firstKey(pick: (p: CustomerPlugin, key: string) => boolean) {
  for (const p of customerPlugins) for (const key of Object.keys(p.en)) if (pick(p, key)) return { p, key, id: `${p.name}:${key}` };
  return undefined;
}
const customerKey = (p: CustomerPlugin, key: string) => covered(key, declared[p.name]);
const withPlaceholders = firstKey(
  (p, key) =>
    customerKey(p, key) &&
    !PLURAL.test(key) &&
    plain(p.en[key]) &&
    hasPlaceholder(p.en[key]) &&
    !/\{\{\s*count\b/.test(p.en[key]) &&
    plain(p.hi[key]) &&
    p.hi[key] !== p.en[key],
);
const pluralForms = firstKey((p, key) => {
  const base = key.replace(/_one$/, '');
  return key.endsWith('_one') && customerKey(p, key) && [p.hi[key], p.hi[`${base}_other`], p.vi[`${base}_other`]].every(plain);
});
const merchantOnly = firstKey((p, key) => !customerKey(p, key) && !PLURAL.test(key) && plain(p.en[key]) && !p.en[key].includes('{{'));
const i18n = new Translations(
  KERNEL_LOCALES,
  customerPlugins.map((p) => ({ id: p.name, dir: path.dirname(p.dir), sides: { locales: p.dir } }) as DiscoveredPlugin),
);
const hi = i18n.forLanguage(i18n.language('hi-IN', 'en'));
const vi = i18n.forLanguage(i18n.language(null, 'vi'));
const example = (found: { id: string } | undefined, title: string, kind: string) =>
  found ? ([test, `${title} (${found.id})`] as const) : ([test.skip, `${title}: skipped, no installed plugin declares ${kind}`] as const);

describe('the kernel speaks Hindi and Vietnamese to customers, with their plural forms; the rest falls back to English', () => {
  const [textTest, textTitle] = example(withPlaceholders, 'a customer text in Hindi, its placeholders filled', 'a customer text with placeholders');
  textTest(textTitle, () => {
    const { p, key, id } = withPlaceholders ?? { p: customerPlugins[0], key: '', id: '' };
    const vars = Object.fromEntries([...String(p.en[key]).matchAll(SIMPLE)].map((m) => [m[0].slice(2, -2).trim(), 'Chai']));
    expect(hi(id, vars)).toBe(fill(String(p.hi[key]), vars));
    expect(hi(id, vars)).not.toBe(fill(String(p.en[key]), vars));
  });
  const [pluralTest, pluralTitle] = example(pluralForms, "Hindi's one and other, Vietnamese's other", 'a plural customer text');
  pluralTest(pluralTitle, () => {
    const { p, key, id } = pluralForms ?? { p: customerPlugins[0], key: '', id: '' };
    const base = id.replace(/_one$/, '');
    const other = key.replace(/_one$/, '_other');
    expect([hi(base, { count: 1 }), hi(base, { count: 3 })]).toEqual([fill(String(p.hi[key]), { count: 1 }), fill(String(p.hi[other]), { count: 3 })]);
    expect(vi(base, { count: 1 })).toBe(fill(String(p.vi[other]), { count: 1 }));
  });
  // a merchant's text has no Hindi: English, as the admin would show it
  const [fallbackTest, fallbackTitle] = example(merchantOnly, "a merchant's text in English", 'customer keys beside merchant texts');
  fallbackTest(fallbackTitle, () => {
    const { p, key, id } = merchantOnly ?? { p: customerPlugins[0], key: '', id: '' };
    expect(hi(id)).toBe(p.en[key]);
  });
  test('the admin keeps its ten languages', () => {
    expect(i18n.adminLanguage('hi', 'vi')).toBe('en');
  });
});
