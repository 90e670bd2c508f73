// What widgets relies on from the plugin that owns reviews, through the capability 'reviews.feed'
// (consumer-defined contract: the reviews plugin implements it structurally; widgets never imports
// it). Only the methods and fields widgets uses are listed. Without a provider widgets reads
// NO_REVIEWS: empty lists, zero summaries, no rich snippets (README.md, "Without reviews").
import type { Tenant } from '@plaudit/kernel';

export const REVIEWS_FEED = 'reviews.feed';

/** A published review as shoppers may see it (no email, no order ids). */
export interface PublicReview {
  id: number;
  kind: 'product' | 'store';
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  rating: number;
  title: string | null;
  content: string;
  /** "Ada L." */
  author: string;
  country: string | null;
  locale: string | null;
  variants: string[];
  /** `variants`: re-encoded widths of an uploaded photo (srcset); absent on older media */
  media: { url: string; type: 'image' | 'video'; variants?: { url: string; width: number }[]; poster?: string; captions?: string; caption?: string; seconds?: number }[];
  verified: boolean;
  /** the review earned a reward: shown as a disclosure (16 CFR 255.5) */
  incentivized?: boolean;
  featured: boolean;
  pinned: boolean;
  reply: { content: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
  /** a customer's own review awaiting approval (customer portal with `includePending`) */
  pending?: true;
}

export type FeedSort = 'featured' | 'newest' | 'highest' | 'lowest' | 'media';

export interface ReviewFeedQuery {
  /** a product's reviews; null: reviews of the store itself; undefined: every published review */
  productId?: string | null;
  kind?: 'product' | 'store';
  sort?: FeedSort;
  stars?: number[];
  withMedia?: boolean;
  testimonial?: boolean;
  ids?: number[];
  productIds?: string[];
  /** leave out the demo reviews (feeds sent to Google) */
  excludeDemo?: boolean;
  /** a customer's own reviews (customer portal), with those awaiting approval if asked */
  customer?: { id?: string | null; email?: string | null; includePending?: boolean };
  limit: number;
  after?: string | null;
}

export interface ReviewFeedPage {
  items: PublicReview[];
  nextCursor: string | null;
}

export interface RatingSummary {
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
  mediaCount: number;
}

/** The review settings that change what the storefront shows. */
export interface StorefrontReviewSettings {
  /** Product JSON-LD with the review box */
  richSnippets: boolean;
  /** customers' photos and videos shown with their reviews (the general settings' UGC display) */
  ugcDisplay: boolean;
}

export interface ReviewFeedForWidgets {
  reviews(tenant: Tenant, query: ReviewFeedQuery): Promise<ReviewFeedPage>;
  /** which of these products the customer reviewed in any state (the portal asks nobody twice) */
  reviewedProducts(tenant: Tenant, customer: { id?: string | null; email?: string | null }, productIds: string[]): Promise<string[]>;
  /** keyed by the product ids asked for; a product without reviews may be missing */
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, RatingSummary>>;
  shopSummary(tenant: Tenant): Promise<RatingSummary>;
  /** changes whenever anything a shopper could see changes */
  version(tenant: Tenant): Promise<string>;
  storefrontSettings(tenant: Tenant): Promise<StorefrontReviewSettings>;
  /** the PostgreSQL channel NOTIFYed with a shop id on every such change */
  readonly channel: string;
}

const ZERO: RatingSummary = { count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 };

/** The stand-in when no plugin provides reviews: every widget shows its empty state. */
export const NO_REVIEWS: ReviewFeedForWidgets = {
  reviews: async () => ({ items: [], nextCursor: null }),
  reviewedProducts: async () => [],
  summaries: async (_tenant, ids) => Object.fromEntries(ids.map((id) => [id, ZERO])),
  shopSummary: async () => ZERO,
  version: async () => '0',
  storefrontSettings: async () => ({ richSnippets: false, ugcDisplay: false }),
  channel: 'plaudit_review_feed',
};

/** The provider's feed, or NO_REVIEWS. */
export function reviewFeedOf(services: { capabilities: { get<T>(name: string): T | undefined } }): ReviewFeedForWidgets {
  return services.capabilities.get<ReviewFeedForWidgets>(REVIEWS_FEED) ?? NO_REVIEWS;
}
