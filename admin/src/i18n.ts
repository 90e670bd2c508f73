// i18next behind react-admin. Namespaces: 'translation' holds react-admin's messages plus the
// kernel's locales/<lang>.json; each plugin's strings live in its own namespace (its id), loaded
// lazily per language from plugins/<id>/locales/<lang>.json.
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
import { pluginLocales } from 'virtual:plaudit-plugins';
import { LANGUAGES } from './languages';
import { LOCALE_KEY, localeSwitch } from './locale-switch';

export { LOCALE_KEY };

type Messages = Record<string, unknown>;
const kernelLocales = import.meta.glob<Messages>(['../../locales/*.json', '!../../locales/identical-allowed.json', '!../../locales/customer-keys.json'], {
  import: 'default',
});

async function loadKernel(language: string): Promise<Messages> {
  const kernel = (await kernelLocales[`../../locales/${language}.json`]?.()) ?? {};
  return language === 'en' ? { ...convertRaTranslationsToI18next(englishMessages as unknown as Messages), ...kernel } : kernel;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespace === 'translation' ? loadKernel(language) : (pluginLocales[namespace]?.[language]?.() ?? Promise.resolve({}));
    load.then(
      (data) => callback(null, data),
      (error) => callback(error, null),
    );
  },
};

export const i18nextInstance = i18next.createInstance().use(backend);

export const i18nextOptions = {
  lng: localStorage.getItem(LOCALE_KEY) ?? 'en',
  fallbackLng: 'en',
  ns: ['translation', ...Object.keys(pluginLocales)],
  defaultNS: 'translation',
  supportedLngs: LANGUAGES.map((l) => l.code),
  interpolation: { escapeValue: false },
};

export const availableLocales = LANGUAGES.map((l) => ({ locale: l.code, name: l.name }));

/**
 * The i18nProvider for <Admin>: i18next as above, whose changeLocale saves the merchant's pick
 * (locale-switch.ts). Render <ShopLocale /> once inside the layout to complete it.
 */
export function useAdminI18nProvider() {
  const provider = useI18nextProvider({ i18nextInstance, options: i18nextOptions, availableLocales });
  return useMemo(() => (provider ? localeSwitch.wrap(provider) : null), [provider]);
}
