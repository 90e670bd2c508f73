// What this plugin uses of 'reviews.texts' (its own copy of the interface: plugins never import
// each other), and the shape of a review's translation as the admin and the storefront get it.
import type { Tenant } from '@plaudit/kernel';

export interface ReviewText {
  id: number;
  title: string | null;
  content: string;
  language: string | null;
  status: string;
}

export interface ReviewTexts {
  read(tenant: Tenant, ids: number[]): Promise<ReviewText[]>;
  setLanguage(tenant: Tenant, id: number, language: string | null): Promise<void>;
  published(tenant: Tenant, afterId: number, limit: number): Promise<ReviewText[]>;
  countPublished(tenant: Tenant): Promise<number>;
  undetected(tenant: Tenant, afterId: number, limit: number): Promise<ReviewText[]>;
}

/**
 * - `original`: the review is in the target language already (or its language is unknown)
 * - `translated`: `translation` holds it
 * - `unavailable`: the shop's provider cannot translate this pair (shown as such, never faked)
 * - `degraded`: the provider failed (outage, rate limit, quota, refused key): the original is shown
 */
export type TranslationStatus = 'original' | 'translated' | 'unavailable' | 'degraded';

export interface ReviewTranslation {
  reviewId: number;
  /** the review's own language */
  language: string | null;
  target: string;
  status: TranslationStatus;
  original: { title: string | null; content: string };
  translation: { title: string | null; content: string; provider: string } | null;
}
