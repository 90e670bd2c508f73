// Which language a storefront widget speaks: the storefront's locale (the theme's request.locale,
// passed as ?locale= by the theme blocks and the widget scripts), else the shop's primary locale,
// else English. Each candidate matches a language exactly, else by its base language ('de-CH' ->
// 'de', 'pt-PT' -> 'pt-BR', the only Portuguese there is). Pure, so the routes, the fast lane's
// cache key, the worker's snapshots and the admin preview all resolve alike.

/** The storefront languages: the ten admin languages plus Hindi and Vietnamese (issue 19). */
export const STOREFRONT_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pt-BR', 'zh-CN', 'hi', 'vi'] as const;

/** Base languages written right to left (CLDR), so a catalog added for one lays out mirrored. */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ku', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

/** A BCP 47-looking tag; anything else (a path, a script) is not a locale and is ignored. */
const TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,4}$/;

const base = (tag: string) => tag.split('-')[0].toLowerCase();

/** The one of `available` a locale asks for, exactly or by its base language; undefined when none. */
export function matchLanguage(available: readonly string[], locale: unknown): string | undefined {
  if (typeof locale !== 'string' || !TAG.test(locale)) return undefined;
  const tag = locale.replace(/_/g, '-');
  return available.find((l) => l.toLowerCase() === tag.toLowerCase()) ?? available.find((l) => base(l) === base(tag));
}

/** The storefront's locale, else the shop's primary locale, else English. */
export function storefrontLanguage(available: readonly string[], requested: unknown, shopLocale: unknown): string {
  return matchLanguage(available, requested) ?? matchLanguage(available, shopLocale) ?? 'en';
}

export function textDirection(lang: string): 'ltr' | 'rtl' {
  return RTL.has(base(lang)) ? 'rtl' : 'ltr';
}
