// i18next behind react-admin. Namespaces: 'translation' holds react-admin's messages plus the
// kernel's locales/<lang>.json; each plugin's strings live in its own namespace (its id), loaded
// lazily per language from plugins/<id>/locales/<lang>.json.
import i18next, { type BackendModule } from 'i18next';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { pluginLocales } from 'virtual:plaudit-plugins';
import { LANGUAGES, type LanguageCode } from './languages';

export const LOCALE_KEY = 'plaudit.locale';

type Messages = Record<string, unknown>;
const kernelLocales = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });
const raLocales: Partial<Record<LanguageCode, () => Promise<Messages>>> = {
  en: async () => englishMessages as unknown as Messages,
};

async function loadKernel(language: string): Promise<Messages> {
  const ra = await (raLocales[language as LanguageCode] ?? raLocales.en!)();
  const kernel = (await kernelLocales[`../../locales/${language}.json`]?.()) ?? {};
  return { ...convertRaTranslationsToI18next(ra), ...kernel };
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespace === 'translation' ? loadKernel(language) : pluginLocales[namespace]?.[language]?.() ?? Promise.resolve({});
    load.then((data) => callback(null, data), (error) => callback(error, null));
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
