/** The admin's languages (spec section 1). `code` names the locale files: locales/<code>.json. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-CN', name: '中文' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'ko', name: '한국어' },
  { code: 'it', name: 'Italiano' },
  { code: 'ja', name: '日本語' },
  { code: 'pt-BR', name: 'Português' },
  { code: 'es', name: 'Español' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The shop's admin locale, else its primary locale if supported, else English (spec section 1). */
export function pickLanguage(adminLocale?: string | null, primaryLocale?: string | null): LanguageCode {
  for (const candidate of [adminLocale, primaryLocale]) {
    if (!candidate) continue;
    const exact = LANGUAGES.find((l) => l.code.toLowerCase() === candidate.toLowerCase());
    if (exact) return exact.code;
    const base = candidate.split('-')[0].toLowerCase();
    const byBase = LANGUAGES.find((l) => l.code.split('-')[0].toLowerCase() === base);
    if (byBase) return byBase.code;
  }
  return 'en';
}
