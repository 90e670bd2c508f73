// The translations plugin's contract (see README.md): the merchant's widget labels and review text
// translation, both used by the storefront widgets (plugins/widgets). The widgets<->translations
// cycle is broken here (docs/plugins.md, "Contracts"): translations owns the contract and needs
// nothing from widgets; the widgets plugin hands its storefront catalog (languages, default texts)
// to `TranslationLabels.useCatalog` when the API starts.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** The storefront's languages and each one's default texts, as the widgets plugin ships them. */
export interface StorefrontCatalog {
  languages(): string[];
  /** the language's default texts by flat key ('box.title', 'common.reviews_one'); undefined for an unknown language */
  defaults(lang: string): Record<string, string> | undefined;
}

/** 'translations.labels': the merchant's labels per storefront language, laid over the catalog's texts. */
export interface TranslationLabelsApi {
  /** every language's labels of the shop: language -> storefront key -> text (only the merchant's own) */
  all(tenant: Tenant): Promise<Record<string, Record<string, string>>>;
  /**
   * The catalog the labels screen lists and checks labels against (their keys, defaults and
   * lengths). Called once per API process by the catalog's owner; without it the screen knows no
   * language (404).
   */
  useCatalog(catalog: StorefrontCatalog): void;
}
export const TranslationLabels = defineCapability<TranslationLabelsApi>('translations.labels');

/**
 * A review's translation for shoppers: 'original' (already in the language), 'translated',
 * 'unavailable' (the provider cannot do the pair), 'degraded' (the provider failed: the original is shown).
 */
export type TranslationStatus = 'original' | 'translated' | 'unavailable' | 'degraded';

export interface StorefrontTranslation {
  reviewId: number;
  /** the review's own language */
  language: string | null;
  status: TranslationStatus;
  /** set when `status` is 'translated' */
  translation: { title: string | null; content: string } | null;
}

/** What a shop's storefront offers: part of its state and of the settings version the widgets' cache keys on. */
export interface TranslationMode {
  offered: boolean;
  /** reviews in another language are shown translated on load (the original one click away) */
  autoTranslate: boolean;
}

/** 'translations.reviews': review text translation as the storefront offers it (second tier, published reviews only). */
export interface TranslationReviewsApi {
  /** nothing offered below the tier */
  mode(tenant: Tenant): Promise<TranslationMode>;
  /** of these reviews, those a shopper reading `target` is offered a translation of: review id -> its language */
  offers(tenant: Tenant, reviewIds: number[], target: string): Promise<Record<number, string>>;
  /**
   * the published ones among these reviews in `target` (others are left out); `cachedOnly`: only the
   * translations already stored, the provider is not asked (a feed of thousands: no cost, no wait)
   */
  translate(tenant: Tenant, reviewIds: number[], target: string, opts?: { cachedOnly?: boolean }): Promise<StorefrontTranslation[]>;
}
export const TranslationReviews = defineCapability<TranslationReviewsApi>('translations.reviews');
