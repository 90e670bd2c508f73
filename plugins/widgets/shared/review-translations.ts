// Review text translation on the storefront (issue 19, second tier), from the translations plugin's
// capability 'translations.reviews'. Widgets' own interface of it (the plugins never import each
// other). Without the plugin, or below the tier, no review offers "See translation".
import type { Tenant } from '@plaudit/kernel';

export const TRANSLATIONS_REVIEWS = 'translations.reviews';

export type TranslationStatus = 'original' | 'translated' | 'unavailable' | 'degraded';

export interface ReviewTranslationForShoppers {
  reviewId: number;
  language: string | null;
  status: TranslationStatus;
  translation: { title: string | null; content: string } | null;
}

/** What a shop's storefront offers: part of its state and of the settings version the cache keys on. */
export interface TranslationMode {
  offered: boolean;
  /** reviews in another language are shown translated on load (the original one click away) */
  autoTranslate: boolean;
}

export interface ReviewTranslationsForWidgets {
  mode(tenant: Tenant): Promise<TranslationMode>;
  /** review id -> its language, for the reviews a shopper reading `target` may see translated */
  offers(tenant: Tenant, reviewIds: number[], target: string): Promise<Record<number, string>>;
  /** published reviews only; the others are left out */
  translate(tenant: Tenant, reviewIds: number[], target: string): Promise<ReviewTranslationForShoppers[]>;
}

export const NOT_OFFERED: TranslationMode = { offered: false, autoTranslate: false };

const NONE: ReviewTranslationsForWidgets = { mode: async () => NOT_OFFERED, offers: async () => ({}), translate: async () => [] };

export function reviewTranslationsOf(services: { capabilities: { get<T>(name: string): T | undefined } }): ReviewTranslationsForWidgets {
  return services.capabilities.get<ReviewTranslationsForWidgets>(TRANSLATIONS_REVIEWS) ?? NONE;
}
