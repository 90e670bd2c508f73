// The storefront catalog on the server: plugins/widgets/storefront/locales/<lang>.json, read once;
// a language is available when its file is there. The language of a storefront request and the
// words of a render (with the shop's labels) are decided here for the routes, the fast lane and the
// worker's snapshots alike.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StorefrontCatalog } from '@plaudit/contracts/translations';
import type { DisplaySettings } from '../shared/display-settings';
import { storefrontLabels } from '../shared/labels';
import { storefrontLanguage } from '../shared/storefront-language';
import { type Catalog, type Labels, type Messages, widgetText, type WidgetText } from '../shared/widget-text';

export const STOREFRONT_LOCALES = path.resolve(__dirname, '../storefront/locales');

/** Every <lang>.json of a folder, by language code. */
export function loadCatalog(dir = STOREFRONT_LOCALES): Catalog {
  const catalog: Catalog = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    catalog[file.slice(0, -'.json'.length)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Messages;
  }
  return catalog;
}

let shipped: { catalog: Catalog; languages: string[]; version: string } | undefined;
function catalogShipped() {
  if (!shipped) {
    const catalog = loadCatalog();
    shipped = { catalog, languages: Object.keys(catalog), version: crypto.createHash('sha1').update(JSON.stringify(catalog)).digest('base64url').slice(0, 12) };
  }
  return shipped;
}

/** Changes with any shipped text: the worker's snapshots are rendered again after a translation fix. */
export const catalogVersion = () => catalogShipped().version;

/** The language a storefront request is answered in: its ?locale=, else the shop's primary locale, else English. */
export function shopperLanguage(requested: unknown, shopLocale: unknown): string {
  return storefrontLanguage(catalogShipped().languages, requested, shopLocale);
}

/** The words of one render: the language's defaults with the shop's labels (labels.ts), `overrides` the translations screen's for `lang`. */
export function textFor(display: DisplaySettings, lang: string, primaryLang: string, overrides?: Labels, catalog = catalogShipped().catalog): WidgetText {
  return widgetText(catalog, lang, storefrontLabels({ display, lang, primaryLang, overrides }));
}

/** A language's messages as flat keys ('box.title', 'common.reviews_one'): the labels a merchant may override. */
function flatten(messages: Messages, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') into[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/** The storefront languages and each one's default texts, handed to the translations plugin (api/index.ts onStart). */
export const widgetsCatalog = (): StorefrontCatalog => ({
  languages: (): string[] => [...catalogShipped().languages],
  defaults: (lang: string): Record<string, string> | undefined => {
    const messages = catalogShipped().catalog[lang];
    return messages ? flatten(messages) : undefined;
  },
});
