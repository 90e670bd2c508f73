// The shop's own labels per storefront language, from the translations plugin's TranslationLabels
// (@plaudit/contracts/translations, issue 19 deliverable 2). Without the plugin every shop has none,
// and the catalog speaks.
import type { KernelServices } from '@plaudit/kernel';
import { TranslationLabels, type TranslationLabelsApi } from '@plaudit/contracts/translations';

type MerchantLabels = Pick<TranslationLabelsApi, 'all'>;
const NONE: MerchantLabels = { all: async () => ({}) };

export function merchantLabelsOf(services: Pick<KernelServices, 'capabilities'>): MerchantLabels {
  return services.capabilities.get(TranslationLabels) ?? NONE;
}
