// Strings for customers (public pages, emails) on the server, from the same locale files the admin
// uses: the kernel's locales/<lang>.json and every plugin's plugins/<id>/locales/<lang>.json
// (namespace = plugin id). A customer reads the order's locale, else the shop's primary locale,
// else English; a missing key falls back to English.
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';
import { LANGUAGES, pickLanguage, type LanguageCode } from '../../admin/src/languages';
import type { DiscoveredPlugin } from '../plugins/discover';

export type Translate = TFunction;

export class Translations {
  private readonly instance: i18n;

  constructor(kernelLocales: string, plugins: DiscoveredPlugin[]) {
    const resources: Record<string, Record<string, object>> = {};
    const load = (ns: string, dir: string) => {
      for (const { code } of LANGUAGES) {
        const file = path.join(dir, `${code}.json`);
        if (fs.existsSync(file)) (resources[code] ??= {})[ns] = JSON.parse(fs.readFileSync(file, 'utf8'));
      }
    };
    load('plaudit', kernelLocales);
    for (const p of plugins) if (p.sides.locales) load(p.id, p.sides.locales);
    this.instance = i18next.createInstance();
    void this.instance.init({ resources, fallbackLng: 'en', defaultNS: 'plaudit', initImmediate: false, interpolation: { escapeValue: false }, returnNull: false });
  }

  /** The language a customer reads: the order's locale, else the shop's, else English. */
  language(...candidates: (string | null | undefined)[]): LanguageCode {
    return pickLanguage(candidates[0], candidates[1]);
  }

  /** `t('reviews:public.thanks', { name })` in that language; values are not escaped (use esc). */
  forLanguage(lang: string): Translate {
    return this.instance.getFixedT(lang);
  }
}

export const KERNEL_LOCALES = path.resolve(__dirname, '../../locales');
