// Which language the Q&A block speaks to a shopper: the storefront's locale (the theme's
// request.locale, sent as ?locale=), else the shop's primary locale, else English. A candidate
// matches a catalog exactly, else by its base language ('de-CH' -> 'de', 'pt-PT' -> 'pt-BR').
// The same rules as the widgets' storefront (plugins/widgets/I18N.md), written here because a
// plugin does not import another; a kernel resolver would serve both.

/** A BCP 47-looking tag; anything else (a path, a script) is not a locale and is ignored. */
const TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,4}$/;

const base = (tag: string) => tag.split('-')[0].toLowerCase();

/** The one of `available` a locale asks for, exactly or by its base language; undefined when none. */
export function matchLanguage(available: readonly string[], locale: unknown): string | undefined {
  if (typeof locale !== 'string' || !TAG.test(locale)) return undefined;
  const tag = locale.replace(/_/g, '-').toLowerCase();
  return available.find((l) => l.toLowerCase() === tag) ?? available.find((l) => base(l) === base(tag));
}

export function shopperLanguage(available: readonly string[], requested: unknown, shopLocale: unknown): string {
  return matchLanguage(available, requested) ?? matchLanguage(available, shopLocale) ?? 'en';
}
