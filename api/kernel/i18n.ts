// Strings for customers (public pages, emails) on the server, from the same locale files the admin
// uses: the kernel's locales/<lang>.json and every plugin's plugins/<id>/locales/<lang>.json
// (namespace = plugin id). A customer reads the order's locale, else the shop's primary locale,
// else English; a missing key falls back to English.
//
// Customers read more languages than merchants: the admin's ten plus Hindi and Vietnamese (the
// storefront widgets' twelve, issue 19). A Hindi or Vietnamese file holds only the customer-facing
// keys that locales/customer-keys.json declares (tests/unit/customer-locales.test.ts); the admin
// stays in its ten languages, and a merchant's mail picks among those (`adminLanguage`).
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';
import { LANGUAGES, pickLanguage, type LanguageCode } from '../../admin/src/languages';
import type { DiscoveredPlugin } from '../plugins/discover';

export type Translate = TFunction;

/** The languages only customers read (their files hold the customer-facing keys only). */
export const CUSTOMER_ONLY_LANGUAGES = ['hi', 'vi'] as const;
/** Every language a customer page or email can be in: the admin's ten, Hindi and Vietnamese. */
export const CUSTOMER_LANGUAGES = [...LANGUAGES.map((l) => l.code), ...CUSTOMER_ONLY_LANGUAGES] as const;
export type CustomerLanguage = LanguageCode | (typeof CUSTOMER_ONLY_LANGUAGES)[number];

/**
 * The first candidate a customer language matches, exactly (case and `_` ignored) else by its base
 * language (`de-CH` → de, `pt-PT` → pt-BR, `zh-TW` → zh-CN, `hi-IN` → hi), as `pickLanguage` does
 * for the admin's ten; English when none does.
 */
export function pickCustomerLanguage(...candidates: (string | null | undefined)[]): CustomerLanguage {
  const codes: readonly CustomerLanguage[] = CUSTOMER_LANGUAGES;
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !candidate) continue;
    const wanted = candidate.replace(/_/g, '-').toLowerCase();
    const exact = codes.find((c) => c.toLowerCase() === wanted);
    if (exact) return exact;
    const byBase = codes.find((c) => c.split('-')[0].toLowerCase() === wanted.split('-')[0]);
    if (byBase) return byBase;
  }
  return 'en';
}

export class Translations {
  private readonly instance: i18n;

  constructor(kernelLocales: string, plugins: DiscoveredPlugin[]) {
    const resources: Record<string, Record<string, object>> = {};
    const load = (ns: string, dir: string) => {
      for (const code of CUSTOMER_LANGUAGES) {
        const file = path.join(dir, `${code}.json`);
        if (fs.existsSync(file)) (resources[code] ??= {})[ns] = JSON.parse(fs.readFileSync(file, 'utf8'));
      }
    };
    load('plaudit', kernelLocales);
    for (const p of plugins) if (p.sides.locales) load(p.id, p.sides.locales);
    this.instance = i18next.createInstance();
    void this.instance.init({
      resources,
      fallbackLng: 'en',
      defaultNS: 'plaudit',
      initImmediate: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }

  /** The language a customer reads: the order's locale, else the shop's, else English (one of CUSTOMER_LANGUAGES). */
  language(...candidates: (string | null | undefined)[]): CustomerLanguage {
    return pickCustomerLanguage(...candidates);
  }

  /** The language a merchant reads (their mails): the admin locale, else the shop's, among the admin's ten. */
  adminLanguage(adminLocale?: string | null, primaryLocale?: string | null): LanguageCode {
    return pickLanguage(adminLocale, primaryLocale);
  }

  /** `t('reviews:public.thanks', { name })` in that language; values are not escaped (use esc). */
  forLanguage(lang: string): Translate {
    return this.instance.getFixedT(lang);
  }
}

export const KERNEL_LOCALES = path.resolve(__dirname, '../../locales');
