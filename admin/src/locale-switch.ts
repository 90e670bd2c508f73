// The admin's language (spec section 1): the shop's admin locale, else its primary locale if
// supported, else English, applied once the shop record is known unless the merchant picked one.
// A pick in react-admin's language menu is saved with PUT /api/shops {adminLocale} before the admin
// switches; when saving fails the admin stays on its language and says 'Fail to change locale'.
//
// How it hooks into react-admin: the menu writes the store's 'locale', and react-admin then calls
// i18nProvider.changeLocale. The wrapped provider below saves first; on failure it keeps the
// language and resolves anyway (a rejection would show react-admin's own i18n_error toast), and
// react-admin remounts the admin, whereupon <ShopLocale> reports the failure and puts the store back.
import type { I18nProvider } from 'react-admin';
import { apiJson } from './api-client';
import { pickLanguage } from './languages';
import type { ShopRecord } from './plugin';

/** The last language shown, so the next visit starts in it before the shop record arrives. */
export const LOCALE_KEY = 'plaudit.locale';

export type SaveLanguage = (language: string) => Promise<unknown>;

export const saveAdminLocale: SaveLanguage = (adminLocale) => apiJson('/shops', { method: 'PUT', body: JSON.stringify({ adminLocale }) });

export interface LocaleFailure {
  /** the language the admin stayed on */
  previous: string;
  error: unknown;
}

export function createLocaleSwitch(save: SaveLanguage = saveAdminLocale, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  let ready = false; // before the shell mounts, changes are react-admin restoring its stored locale
  let shopTarget: string | null = null; // the language the shop record asked for: applied, not saved
  let merchantChose = false;
  let failure: LocaleFailure | null = null;
  let onSaved: ((language: string) => void) | undefined;

  return {
    /** The i18nProvider to give <Admin>: changeLocale saves a merchant's pick before switching. */
    wrap(inner: I18nProvider): I18nProvider {
      return {
        ...inner,
        async changeLocale(locale: string, options?: unknown) {
          const previous = inner.getLocale();
          const fromShop = locale === shopTarget;
          shopTarget = null;
          if (locale === previous) return;
          if (ready && !fromShop) {
            try {
              await save(locale);
            } catch (error) {
              failure = { previous, error };
              return;
            }
            merchantChose = true;
            onSaved?.(locale);
          }
          await inner.changeLocale(locale, options);
          try {
            storage?.setItem(LOCALE_KEY, locale);
          } catch {
            // private mode: the shop record still decides on the next visit
          }
        },
      };
    },
    /** The shell is mounted: from now on a change of locale is the merchant's pick. */
    connect(listener?: (language: string) => void) {
      ready = true;
      onSaved = listener;
    },
    /** The language to switch to now that the shop is known; null when already there or the merchant chose. */
    languageForShop(shop: Pick<ShopRecord, 'adminLocale' | 'primaryLocale'>, current: string): string | null {
      if (merchantChose) return null;
      const language = pickLanguage(shop.adminLocale, shop.primaryLocale);
      if (language === current) return null;
      shopTarget = language;
      return language;
    },
    /** A failed save not yet reported, cleared by reading it. */
    takeFailure(): LocaleFailure | null {
      const taken = failure;
      failure = null;
      return taken;
    },
  };
}

export type LocaleSwitch = ReturnType<typeof createLocaleSwitch>;

/** The admin's one switch, shared by i18n.ts (the provider) and <ShopLocale> (the shell side). */
export const localeSwitch = createLocaleSwitch();
