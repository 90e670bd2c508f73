// i18next behind react-admin. Namespaces: 'translation' holds react-admin's messages plus the
// kernel's locales/<lang>.json; each plugin's strings live in its own namespace (its id), from
// plugins/<id>/locales/<lang>.json. The build joins a language's files into one lazy chunk
// (`localeBundles`), so a first load makes one request for its strings, not one per plugin.
//
// react-admin's own messages (`ra.*`): English is ra-language-english, converted at load by
// convertRaTranslationsToI18next. The nine other languages keep a complete `ra` section in their
// locales/<lang>.json, stored already converted: {{var}} instead of %{var}, and each
// 'one |||| many' message split into `<key>_one` / `<key>_other` (i18next plural keys, which
// react-admin's smart_count selects through i18next's count).
import { useMemo } from 'react';
import i18next, { type BackendModule } from 'i18next';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next, useI18nextProvider } from 'ra-i18n-i18next';
import { localeBundles, pluginNamespaces } from 'virtual:plaudit-plugins';
import { LANGUAGES } from './languages';
import { LOCALE_KEY, localeSwitch } from './locale-switch';

export { LOCALE_KEY };

type Messages = Record<string, unknown>;

// one promise per language: i18next reads each namespace separately, the chunk is fetched once
const bundles = new Map<string, Promise<Record<string, Messages>>>();
function bundle(language: string): Promise<Record<string, Messages>> {
  let loading = bundles.get(language);
  if (!loading) {
    loading = localeBundles[language]?.() ?? Promise.resolve({});
    loading.catch(() => bundles.delete(language));
    bundles.set(language, loading);
  }
  return loading;
}

async function load(language: string, namespace: string): Promise<Messages> {
  const messages = (await bundle(language))[namespace] ?? {};
  return language === 'en' && namespace === 'translation'
    ? { ...convertRaTranslationsToI18next(englishMessages as unknown as Messages), ...messages }
    : messages;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    load(language, namespace).then(
      (data) => callback(null, data),
      (error) => callback(error, null),
    );
  },
};

export const i18nextInstance = i18next.createInstance().use(backend);

export const i18nextOptions = {
  lng: localStorage.getItem(LOCALE_KEY) ?? 'en',
  fallbackLng: 'en',
  ns: ['translation', ...pluginNamespaces],
  defaultNS: 'translation',
  supportedLngs: LANGUAGES.map((l) => l.code),
  interpolation: { escapeValue: false },
};

/** Starts fetching the strings the admin opens in (and English, the fallback) before i18next asks: boot.ts. */
export function preloadStrings(): void {
  for (const language of new Set([i18nextOptions.lng, 'en'])) bundle(language).catch(() => {});
}

export const availableLocales = LANGUAGES.map((l) => ({ locale: l.code, name: l.name }));

/**
 * The i18nProvider for <Admin>: i18next as above, whose changeLocale saves the merchant's pick
 * (locale-switch.ts). Render <ShopLocale /> once inside the layout to complete it.
 */
export function useAdminI18nProvider() {
  const provider = useI18nextProvider({ i18nextInstance, options: i18nextOptions, availableLocales });
  return useMemo(() => (provider ? localeSwitch.wrap(provider) : null), [provider]);
}
