// Review text translation on the storefront (issue 19, second tier), from the translations plugin's
// TranslationReviews (@plaudit/contracts/translations). Without the plugin, or below the tier, no
// review offers "See translation".
import type { KernelServices } from '@plaudit/kernel';
import { TranslationReviews, type TranslationMode, type TranslationReviewsApi } from '@plaudit/contracts/translations';

export const NOT_OFFERED: TranslationMode = { offered: false, autoTranslate: false };

const NONE: TranslationReviewsApi = { mode: async () => NOT_OFFERED, offers: async () => ({}), translate: async () => [] };

export function reviewTranslationsOf(services: Pick<KernelServices, 'capabilities'>): TranslationReviewsApi {
  return services.capabilities.get(TranslationReviews) ?? NONE;
}
