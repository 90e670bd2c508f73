// The shopper's words: storefront/locales/<lang>.json (twelve languages: the ten admin ones, Hindi
// and Vietnamese), read once. Plurals by i18next (Intl.PluralRules), dates by Intl.
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { shopperLanguage } from '../shared/storefront-language';

export const STOREFRONT_LOCALES = path.join(__dirname, 'locales');

let loaded: { languages: string[]; t: (lang: string) => TFunction } | undefined;

function catalog() {
  if (loaded) return loaded;
  const resources: Record<string, { questions: object }> = {};
  for (const file of fs.readdirSync(STOREFRONT_LOCALES).filter((f) => f.endsWith('.json'))) {
    resources[file.slice(0, -5)] = { questions: JSON.parse(fs.readFileSync(path.join(STOREFRONT_LOCALES, file), 'utf8')) };
  }
  const instance = i18next.createInstance();
  void instance.init({ resources, fallbackLng: 'en', defaultNS: 'questions', initImmediate: false, interpolation: { escapeValue: false }, returnNull: false });
  loaded = { languages: Object.keys(resources), t: (lang) => instance.getFixedT(lang) };
  return loaded;
}

/** The storefront languages there are catalogs for. */
export const storefrontLanguages = () => [...catalog().languages];

/** The language a storefront request is answered in. */
export function languageFor(requested: unknown, shopLocale: unknown): string {
  return shopperLanguage(catalog().languages, requested, shopLocale);
}

/** `t('block.title')` in that language; values are not escaped (use esc). */
export function shopperText(lang: string): TFunction {
  return catalog().t(lang);
}
