// Every admin string exists in all ten languages (spec section 1). For the kernel (locales/, whose
// English is locales/en.json plus react-admin's own `ra.*` messages from ra-language-english) and for
// every plugin namespace (each plugins/*/locales and tests/fixtures/plugins/*/locales folder, found by
// listing, so a new plugin is covered without an edit here):
// - every English key exists in every language as a non-empty string, and no language has extra keys;
// - a translation has exactly English's {{placeholders}};
// - a translation identical to English fails unless locales/identical-allowed.json lists the key
//   ({ "<namespace>": { "<language>" | "*": ["key.path", ...] } }) for words that are the same.
//   The list may name a plugin removed from the tree (PLAUDIT_REMOVED_PLUGINS, locale-files.ts).
import path from 'node:path';
import { flatten, type Flat, loadFlat, namespaces, readJson, REMOVED_PLUGINS, ROOT } from './locale-files';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { LANGUAGES } from '../../admin/src/languages';

const CODES = LANGUAGES.map((l) => l.code);
type Allowed = Record<string, string[]>;

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([^{}\s,]+)[^{}]*\}\}/g)].map((m) => m[1]))].sort().join(', ');

/** What is wrong with one namespace's translations; an empty list when all is well. */
function localeProblems(namespace: string, english: Flat, translations: Record<string, Flat | undefined>, allowed: Allowed = {}): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    if (typeof value !== 'string' || value === '') problems.push(`${namespace}/en ${key}: not a non-empty string`);
  }
  for (const [language, keys] of Object.entries(allowed)) {
    for (const key of keys) if (!(key in english)) problems.push(`${namespace}/${language} ${key}: allowed identical, but English has no such key`);
  }
  for (const [language, messages] of Object.entries(translations)) {
    if (!messages) {
      problems.push(`${namespace}/${language}: no ${language}.json`);
      continue;
    }
    const identicalOk = new Set([...(allowed['*'] ?? []), ...(allowed[language] ?? [])]);
    for (const [key, en] of Object.entries(english)) {
      if (typeof en !== 'string') continue;
      const value = messages[key];
      if (!(key in messages)) problems.push(`${namespace}/${language} ${key}: missing`);
      else if (typeof value !== 'string' || value === '' || (value.trim() === '' && en.trim() !== ''))
        problems.push(`${namespace}/${language} ${key}: empty or not a string`);
      else if (placeholders(value) !== placeholders(en))
        problems.push(`${namespace}/${language} ${key}: placeholders {${placeholders(value)}} instead of {${placeholders(en)}}`);
      else if (value === en && !identicalOk.has(key)) problems.push(`${namespace}/${language} ${key}: untranslated ("${en}")`);
    }
    for (const key of Object.keys(messages)) if (!(key in english)) problems.push(`${namespace}/${language} ${key}: not in English`);
  }
  return problems;
}

describe('the completeness check', () => {
  const english = { 'a.title': 'Reviews', 'a.count': '{{count}} reviews', ok: 'OK' };
  test('passes complete translations, with identical words allowed per language', () => {
    const fr = { 'a.title': 'Avis', 'a.count': '{{count}} avis', ok: 'OK' };
    expect(localeProblems('demo', english, { fr }, { fr: ['ok'] })).toEqual([]);
    expect(localeProblems('demo', english, { fr }, { '*': ['ok'] })).toEqual([]);
  });
  test('flags a missing key, an untranslated value, an extra key, a placeholder change and a missing file', () => {
    const de = { 'a.count': '{{total}} Bewertungen', ok: 'OK', extra: 'Extra' };
    const es = { 'a.title': 'Reviews', 'a.count': '{{count}} reseñas', ok: '' };
    expect(localeProblems('demo', english, { de, es, ja: undefined }, { de: ['ok'] })).toEqual([
      'demo/de a.title: missing',
      'demo/de a.count: placeholders {total} instead of {count}',
      'demo/de extra: not in English',
      'demo/es a.title: untranslated ("Reviews")',
      'demo/es ok: empty or not a string',
      'demo/ja: no ja.json',
    ]);
  });
  test('flags an allow-list entry naming a key English does not have', () => {
    expect(localeProblems('demo', english, {}, { it: ['nope'] })).toEqual(['demo/it nope: allowed identical, but English has no such key']);
  });
});

const allowList = readJson(path.join(ROOT, 'locales/identical-allowed.json')) as Record<string, Allowed | string>;

test('the allow-list names only known namespaces (installed, or a plugin removed from this tree) and languages', () => {
  const names = [...namespaces().map((n) => n.name), ...REMOVED_PLUGINS];
  for (const [namespace, byLanguage] of Object.entries(allowList)) {
    if (namespace.startsWith('$')) continue;
    expect(names).toContain(namespace);
    for (const language of Object.keys(byLanguage)) expect(['*', ...CODES]).toContain(language);
  }
});

test.each(namespaces().map((n) => [n.name, n.dir] as const))('namespace %s is complete in all ten languages', (name, dir) => {
  const load = (code: string) => loadFlat(dir, code);
  const ownEnglish = load('en');
  expect(ownEnglish).toBeDefined();
  // The kernel's English also covers react-admin's messages, converted to i18next form as i18n.ts does.
  const english = name === 'kernel' ? { ...flatten(convertRaTranslationsToI18next(englishMessages)), ...ownEnglish } : ownEnglish!;
  const translations = Object.fromEntries(CODES.filter((c) => c !== 'en').map((c) => [c, load(c)]));
  expect(localeProblems(name, english, translations, (allowList[name] as Allowed) ?? {})).toEqual([]);
});
