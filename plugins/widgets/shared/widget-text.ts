// The words and numbers of one widget render in one language: i18next over the storefront catalog
// (plugins/widgets/storefront/locales/<lang>.json, namespace 'widgets'), with the shop's own labels
// (labels.ts) laid over that language's defaults. Plurals come from Intl.PluralRules (i18next's
// `_one`/`_many`/`_other` keys), numbers from Intl.NumberFormat. Shared by the server render, the
// worker's snapshots and the admin's live preview; the catalog is passed in (read from disk on the
// server, bundled in the admin).
import i18next, { type i18n } from 'i18next';
import { textDirection } from './storefront-language';

export type Messages = { [key: string]: string | Messages };
/** language code -> that language's storefront messages */
export type Catalog = Record<string, Messages>;
/** flat key ('box.title') -> the shop's text for it, in one language */
export type Labels = Record<string, string>;

export interface WidgetText {
  lang: string;
  dir: 'ltr' | 'rtl';
  t(key: string, vars?: Record<string, unknown>): string;
  /** a number written the language's way ("4,5" in German, "1.234" in Dutch) */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** a key's text before interpolation, for the client scripts: a string, or its plural forms by category */
  raw(key: string): string | Record<string, string>;
}

const NS = 'widgets';
const MAX_INSTANCES = 200;
const instances = new WeakMap<Catalog, Map<string, i18n>>();

/** The language's messages with the labels set at their paths (copied along those paths: the catalog stays shared). */
function withLabels(messages: Messages, labels: Labels): Messages {
  const copy: Messages = { ...messages };
  for (const [key, value] of Object.entries(labels)) {
    const path = key.split('.');
    let node = copy;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = node[part] = typeof next === 'object' ? { ...next } : {};
    }
    node[path[path.length - 1]] = value;
  }
  return copy;
}

/** One i18next instance per catalog, language and set of labels (most shops have none: 12 instances). */
function instanceFor(catalog: Catalog, lang: string, labels: Labels): i18n {
  let byKey = instances.get(catalog);
  if (!byKey) instances.set(catalog, (byKey = new Map()));
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  const key = `${lang}\n${JSON.stringify(entries)}`;
  const found = byKey.get(key);
  if (found) {
    byKey.delete(key); // most recently used last
    byKey.set(key, found);
    return found;
  }
  const own = entries.length ? withLabels(catalog[lang] ?? {}, labels) : (catalog[lang] ?? {});
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    ns: [NS],
    defaultNS: NS,
    initImmediate: false,
    returnNull: false,
    resources: { en: { [NS]: catalog.en ?? {} }, [lang]: { [NS]: own } },
    // React and our attribute escaping escape every value; escaping here would double it
    interpolation: { escapeValue: false },
  });
  byKey.set(key, instance);
  if (byKey.size > MAX_INSTANCES) byKey.delete(byKey.keys().next().value!);
  return instance;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function widgetText(catalog: Catalog, lang: string, labels: Labels = {}): WidgetText {
  const i18n = instanceFor(catalog, lang, labels);
  const t = i18n.getFixedT(lang, NS) as unknown as (key: string, vars?: Record<string, unknown>) => string;
  const resource = (key: string): string | undefined => {
    const own = i18n.getResource(lang, NS, key);
    return typeof own === 'string' ? own : (i18n.getResource('en', NS, key) as string | undefined);
  };
  return {
    lang,
    dir: textDirection(lang),
    t: (key, vars) => t(key, vars),
    number(value, options = {}) {
      const id = `${lang}|${JSON.stringify(options)}`;
      let format = numberFormats.get(id);
      if (!format) numberFormats.set(id, (format = new Intl.NumberFormat(lang, options)));
      return format.format(value);
    },
    raw(key) {
      const single = resource(key);
      if (typeof single === 'string') return single;
      const forms: Record<string, string> = {};
      for (const category of new Intl.PluralRules(lang).resolvedOptions().pluralCategories) {
        const text = resource(`${key}_${category}`) ?? resource(`${key}_other`);
        if (text !== undefined) forms[category] = text;
      }
      return forms;
    },
  };
}
