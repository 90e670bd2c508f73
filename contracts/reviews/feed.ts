// The reviews plugin's contract, its feed part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';
import type { RatingSummary, ReviewKind, ReviewMedia } from './review';

// --- 'reviews.feed': published reviews as shoppers may see them (widgets, the storefront API) ---

/**
 * A published review as shoppers may see it: no email, no order ids, the reviewer shown by first
 * name and last initial. The storefront (widgets, feeds, JSON-LD) never sees more than this.
 */
export interface PublicReview {
  id: number;
  kind: ReviewKind;
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
  media: Pick<ReviewMedia, 'url' | 'type' | 'variants' | 'poster' | 'captions' | 'caption' | 'seconds'>[];
  verified: boolean;
  /** written for a reward (rewards, loyalty points, or imported so): the storefront discloses it (16 CFR 255.5) */
  incentivized: boolean;
  featured: boolean;
  pinned: boolean;
  reply: { content: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
  /** only in a customer's own reviews asked with `includePending`: awaiting the merchant's approval */
  pending?: true;
  /** one of the sample reviews an emulated demo shop starts with (a linked demo store's copy stays one) */
  demo?: true;
}

/** featured: pinned, then featured, then newest (the storefront default). */
export type FeedSort = 'featured' | 'newest' | 'highest' | 'lowest' | 'media';

export interface ReviewFeedQuery {
  /** a product's reviews; null: reviews of the store itself; undefined: every published review */
  productId?: string | null;
  /** only product reviews or only store reviews (all-reviews page `include`) */
  kind?: ReviewKind;
  sort?: FeedSort;
  /** only these star ratings */
  stars?: number[];
  withMedia?: boolean;
  testimonial?: boolean;
  /** only these reviews (testimonials with selected reviews) */
  ids?: number[];
  /** only reviews about these products */
  productIds?: string[];
  /** leave out the demo reviews a shop starts with (feeds sent to Google) */
  excludeDemo?: boolean;
  /** leave out copies of a linked shop's reviews (`LINKED_STORE_SOURCE`): the origin shop sends them to Google, Shopify, Meta */
  excludeCopies?: boolean;
  /** a customer's own reviews (customer portal), by Shopify customer id or email; with those awaiting approval if asked */
  customer?: { id?: string | null; email?: string | null; includePending?: boolean };
  limit: number;
  /** opaque cursor from a previous page's nextCursor (a bad one throws 400 naming `after`) */
  after?: string | null;
}

export interface ReviewFeedPage {
  items: PublicReview[];
  nextCursor: string | null;
}

/** The review settings that change what the storefront shows. */
export interface StorefrontReviewSettings {
  /** Product JSON-LD with the review box */
  richSnippets: boolean;
  /** customers' photos and videos shown with their reviews */
  ugcDisplay: boolean;
}

/**
 * 'reviews.feed': published reviews for the storefront. `version` changes whenever anything a
 * shopper could see changes (any write to a shop's reviews), so readers can cache by it; writers
 * also NOTIFY `channel` with the shop id as payload.
 */
export interface ReviewFeedApi {
  reviews(tenant: Tenant, query: ReviewFeedQuery): Promise<ReviewFeedPage>;
  /** which of these products (gids) the customer reviewed, in any state (the portal's products awaiting a review) */
  reviewedProducts(tenant: Tenant, customer: { id?: string | null; email?: string | null }, productIds: string[]): Promise<string[]>;
  /**
   * one entry per product asked for (zeros when it has no published review); `excludeCopies`: without
   * copies of a linked store's reviews (counted live: what JSON-LD may tell Google, which takes only
   * reviews written on the site itself)
   */
  summaries(tenant: Tenant, productIds: string[], options?: { excludeCopies?: boolean }): Promise<Record<string, RatingSummary>>;
  /** the shop's published reviews as a whole, or its product reviews only, or its store reviews only */
  shopSummary(tenant: Tenant, include?: 'all' | 'product' | 'store'): Promise<Omit<RatingSummary, 'productId'>>;
  version(tenant: Tenant): Promise<string>;
  storefrontSettings(tenant: Tenant): Promise<StorefrontReviewSettings>;
  /** the PostgreSQL channel NOTIFYed with a shop id on every such change */
  readonly channel: string;
}
export const ReviewFeed = defineCapability<ReviewFeedApi>('reviews.feed');
