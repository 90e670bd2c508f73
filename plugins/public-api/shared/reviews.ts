// What the public API relies on of the reviews plugin: its own, consumer-defined interfaces of the
// capabilities `reviews.public` (the merchant's reviews) and `reviews.feed` (the storefront's
// published reviews). Plugins never import each other; the provider implements these structurally.
import type { Tenant } from '@plaudit/kernel';

export interface ReviewRecord {
  id: number;
  kind: 'product' | 'store';
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  locale: string | null;
  country: string | null;
  orderId: string | null;
  variants: string[];
  media: { url: string; type: 'image' | 'video'; variants?: { url: string; width: number }[] }[];
  source: string;
  status: 'published' | 'unpublished' | 'pending' | 'trash';
  imported: boolean;
  verified: boolean;
  featured: boolean;
  pinned: boolean;
  incentivized: boolean;
  reply: { content: string; repliedAt: string } | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export interface ReviewListQuery {
  status?: ReviewRecord['status'];
  rating?: number[];
  productId?: string[];
  kind?: 'product' | 'store';
  source?: string[];
  verified?: boolean;
  hasMedia?: boolean;
  since?: Date;
  updatedSince?: Date;
  sort: 'newest' | 'oldest';
  limit: number;
  after?: string;
}

/** A new review as the provider takes it (it validates again: a ZodError names the fields). */
export interface ReviewCreateInput {
  source?: string;
  kind?: 'product' | 'store';
  productId?: string | null;
  productTitle?: string | null;
  productHandle?: string | null;
  rating: number;
  title?: string | null;
  content?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  locale?: string | null;
  country?: string | null;
  variants?: string[];
  media?: { url: string; type?: 'image' | 'video' }[];
  status?: 'published' | 'unpublished';
  verified?: boolean;
  incentivized?: boolean;
  createdAt?: string;
  reply?: { content: string; at?: string } | null;
}

export interface RatingSummary {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
  mediaCount: number;
}

/** `reviews.public`: another shop's id answers undefined. */
export interface PublicReviews {
  list(tenant: Tenant, query: ReviewListQuery): Promise<{ items: ReviewRecord[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<ReviewRecord | undefined>;
  create(tenant: Tenant, input: ReviewCreateInput): Promise<ReviewRecord>;
  setStatus(tenant: Tenant, id: number, status: 'published' | 'unpublished'): Promise<ReviewRecord | undefined>;
  reply(tenant: Tenant, id: number, content: string | null): Promise<ReviewRecord | undefined>;
  remove(tenant: Tenant, id: number): Promise<{ purged: boolean } | undefined>;
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, RatingSummary>>;
}

/** A published review as shoppers may see it (`reviews.feed`): no email, the author as "Ada L.". */
export interface StorefrontReviewRecord {
  id: number;
  kind: 'product' | 'store';
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  rating: number;
  title: string | null;
  content: string;
  author: string;
  country: string | null;
  locale: string | null;
  variants: string[];
  media: { url: string; type: 'image' | 'video'; variants?: { url: string; width: number }[] }[];
  verified: boolean;
  incentivized: boolean;
  featured: boolean;
  pinned: boolean;
  reply: { content: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

export type StorefrontSort = 'featured' | 'newest' | 'highest' | 'lowest' | 'media';

/** `reviews.feed`, the part the storefront operations read. */
export interface StorefrontFeed {
  reviews(tenant: Tenant, query: { productId?: string | null; sort?: StorefrontSort; stars?: number[]; withMedia?: boolean; limit: number; after?: string | null }): Promise<{ items: StorefrontReviewRecord[]; nextCursor: string | null }>;
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, RatingSummary>>;
}
