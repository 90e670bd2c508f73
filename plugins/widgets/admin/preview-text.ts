// The live preview's words: the shop's primary storefront language, as shoppers on its main
// storefront read them, with the labels the merchant is typing (shared/labels.ts). English is
// bundled; the other storefront catalogs load when a shop needs them.
import { useEffect, useState } from 'react';
import type { DisplaySettings } from '../shared/display-settings';
import { storefrontLabels } from '../shared/labels';
import { storefrontLanguage } from '../shared/storefront-language';
import { type Catalog, type Messages, widgetText, type WidgetText } from '../shared/widget-text';
import en from '../storefront/locales/en.json';

// English is bundled above, so it is not among the lazily loaded ones
const LOADERS = import.meta.glob<Messages>(['../storefront/locales/*.json', '!../storefront/locales/en.json'], { import: 'default' });
const fileOf = (lang: string) => `../storefront/locales/${lang}.json`;
const AVAILABLE = ['en', ...Object.keys(LOADERS).map((file) => file.replace(/^.*\/([^/]+)\.json$/, '$1'))];

export function usePreviewText(display: DisplaySettings, shopLocale: string | null | undefined): WidgetText {
  const lang = storefrontLanguage(AVAILABLE, undefined, shopLocale);
  const [catalog, setCatalog] = useState<Catalog>(() => ({ en }));
  useEffect(() => {
    if (catalog[lang]) return undefined;
    let current = true;
    void LOADERS[fileOf(lang)]?.().then((messages) => current && setCatalog((c) => ({ ...c, [lang]: messages })));
    return () => {
      current = false;
    };
  }, [lang, catalog]);
  const shown = catalog[lang] ? lang : 'en';
  return widgetText(catalog, shown, storefrontLabels({ display, lang: shown, primaryLang: shown }));
}
