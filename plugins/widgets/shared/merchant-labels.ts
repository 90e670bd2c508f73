// The shop's own labels per storefront language, from the translations plugin's
// `translations.labels` capability (issue 19, deliverable 2). Widgets' own interface of it: the
// plugins never import each other. Without the plugin every shop has none, and the catalog speaks.
import type { Tenant } from '@plaudit/kernel';
import type { Labels } from './widget-text';

export const TRANSLATIONS_LABELS = 'translations.labels';

export interface MerchantLabels {
  /** every language's labels of the shop: language -> storefront key -> text */
  all(tenant: Tenant): Promise<Record<string, Labels>>;
}

const NONE: MerchantLabels = { all: async () => ({}) };

export function merchantLabelsOf(services: { capabilities: { get<T>(name: string): T | undefined } }): MerchantLabels {
  return services.capabilities.get<MerchantLabels>(TRANSLATIONS_LABELS) ?? NONE;
}
