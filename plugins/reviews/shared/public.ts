// `reviews.public`: what the public API (plugins/public-api) does with a shop's reviews, through the
// same code paths as the admin's moderation screens (api/routes.ts, api/actions.ts, reply-email.ts,
// shared/import.ts). The provider's side of the contract; the user writes its own interface.
import type { Tenant } from '@plaudit/kernel';
import type { Review, ReviewStatus } from './review';

/** The admin's review fields integrators see as they are. */
type SharedFields =
  | 'id' | 'kind' | 'productId' | 'productTitle' | 'productHandle' | 'rating' | 'title' | 'content' | 'firstName' | 'lastName' | 'email'
  | 'locale' | 'country' | 'orderId' | 'variants' | 'media' | 'status' | 'imported' | 'verified' | 'featured' | 'pinned' | 'createdAt';

/** A review as integrators see it: everything the admin shows, no internal columns ('trash' status: in the recycle bin). */
export interface ApiReview extends Pick<Review, SharedFields> {
  source: string;
  incentivized: boolean;
  reply: { content: string; repliedAt: string } | null;
  updatedAt: string;
  publishedAt: string | null;
}

export interface ApiReviewQuery {
  /** default: every status but 'trash' */
  status?: ReviewStatus;
  rating?: number[];
  /** product gids */
  productId?: string[];
  kind?: 'product' | 'store';
  source?: string[];
  verified?: boolean;
  hasMedia?: boolean;
  /** created at or after */
  since?: Date;
  /** changed at or after (moderation, replies, edits) */
  updatedSince?: Date;
  sort: 'newest' | 'oldest';
  limit: number;
  /** a previous page's nextCursor */
  after?: string;
}

/**
 * A new review. `source` 'admin' (the default) is the merchant's own review, as the admin's create
 * form makes it (reviewCreate; `verified` as the admin's verify action); any imported source goes
 * through the import path (shared/import.ts: `createdAt` in the past, `reply`, `incentivized`, never
 * verified). Validated by the provider: a ZodError names the fields.
 */
export interface ApiReviewCreate {
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
  createdAt?: string | Date;
  reply?: { content: string; at?: string | Date } | null;
}

export interface ApiProductSummary {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
  mediaCount: number;
}

/**
 * Every method acts on the tenant's shop only: another shop's review id is `undefined` (a 404).
 * Refusals throw http-errors (403 PLAN_TIER_TOO_LOW, 409 with a code) or a ZodError (400).
 */
export interface ReviewsPublic {
  list(tenant: Tenant, query: ApiReviewQuery): Promise<{ items: ApiReview[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<ApiReview | undefined>;
  create(tenant: Tenant, input: ApiReviewCreate): Promise<ApiReview>;
  /** publish or unpublish (the admin's actions); a review in the recycle bin is a 409 */
  setStatus(tenant: Tenant, id: number, status: 'published' | 'unpublished'): Promise<ApiReview | undefined>;
  /** sets or replaces the reply (the customer is mailed as from the admin); null removes it */
  reply(tenant: Tenant, id: number, content: string | null): Promise<ApiReview | undefined>;
  /** the admin's delete: to the recycle bin when the plan has one, for good otherwise or from the bin */
  remove(tenant: Tenant, id: number): Promise<{ purged: boolean } | undefined>;
  /** published-review counts per product gid; products without reviews are absent */
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, ApiProductSummary>>;
}
