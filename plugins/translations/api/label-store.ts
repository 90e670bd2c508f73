// The merchant's labels live in the plugin's settings namespace ('translations'): one small object
// per shop (language -> key -> text, only what differs from the default). A save goes through the
// kernel's settings store, whose change notice already drops the shop's cached storefront answers
// (the widgets plugin listens to every settings change), and the widgets hash the labels into the
// version their cache keys on, so no stale label is served either way.
import type { KernelServices } from '@plaudit/kernel';
import type { StorefrontCatalog, TranslationLabelsApi } from '@plaudit/contracts/translations';
import { storedLabels } from '../shared/labels';

/** The storefront catalog of each process (its capabilities), as the widgets plugin handed it over. */
const catalogs = new WeakMap<object, StorefrontCatalog>();

/** The catalog the labels screen lists and checks against; undefined until the widgets plugin gave one. */
export const storefrontCatalog = (services: Pick<KernelServices, 'capabilities'>) => catalogs.get(services.capabilities);

export function labelStore(settings: KernelServices['settings']) {
  const ns = settings.namespace('translations', storedLabels, { labels: {} });
  return {
    all: async (shopId: number) => (await ns.get(shopId)).labels,
    get: async (shopId: number, lang: string) => (await ns.get(shopId)).labels[lang] ?? {},
    /** sets the language's labels: a text per key, '' (or absent with `replace`) for the default */
    set: (shopId: number, lang: string, texts: Record<string, string>, replace: boolean) =>
      ns.update(shopId, (current) => {
        const next = { ...(replace ? {} : current.labels[lang]) };
        for (const [key, text] of Object.entries(texts)) {
          if (text === '') delete next[key];
          else next[key] = text;
        }
        const labels = { ...current.labels, [lang]: next };
        if (!Object.keys(next).length) delete labels[lang];
        return { labels };
      }),
  };
}

/** The TranslationLabels capability. */
export function merchantLabels(services: KernelServices): TranslationLabelsApi {
  const store = labelStore(services.settings);
  return {
    all: (tenant) => store.all(tenant.shopId),
    useCatalog: (catalog) => void catalogs.set(services.capabilities, catalog),
  };
}
