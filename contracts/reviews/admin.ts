// The reviews plugin's contract, its admin part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';
import type { ReviewKind, ReviewMedia, ReviewStatus } from './review';
import type { ImportedReviewInput } from './write';

// --- 'reviews.admin': the merchant's operations (the public API, Shopify Flow, the email settings screen) ---

/** A review as integrators see it: everything the admin shows, no internal columns. */
export interface ApiReview {
  id: number;
  kind: ReviewKind;
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
  media: Pick<ReviewMedia, 'url' | 'type' | 'variants'>[];
  source: string;
  status: ReviewStatus;
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

export interface ApiReviewQuery {
  /** default: every status but 'trash' */
  status?: ReviewStatus;
  rating?: number[];
  /** product gids */
  productId?: string[];
  kind?: ReviewKind;
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
 * form makes it (`verified` as the admin's verify action); any imported source goes through the
 * import path (`createdAt` in the past, `reply`, `incentivized`, never verified).
 */
export interface ApiReviewCreate extends Omit<ImportedReviewInput, 'productId' | 'demo' | 'importKey' | 'importedVerified' | 'media'> {
  productId?: string | null;
  media?: { url: string; type?: 'image' | 'video' }[];
  verified?: boolean;
}

/** The shop's new-review notifications (part of the review settings). */
export interface NotificationSettings {
  enabledEmailNewReview: boolean;
  enabledEmailNegativeReview: boolean;
  receiverNewReview: string | null;
  receiverNegativeReview: string | null;
  /** a rating at or below it is a negative review */
  negativeThreshold: number;
}

/**
 * 'reviews.admin': the admin's own paths (same validation, recounts, events and reply emails).
 * Every review method acts on the tenant's shop only: another shop's review id is `undefined`.
 * Refusals throw http-errors (403 PLAN_TIER_TOO_LOW, 409 with a code) or a ZodError (400).
 */
export interface ReviewAdminApi {
  list(tenant: Tenant, query: ApiReviewQuery): Promise<{ items: ApiReview[]; nextCursor: string | null }>;
  get(tenant: Tenant, id: number): Promise<ApiReview | undefined>;
  create(tenant: Tenant, input: ApiReviewCreate): Promise<ApiReview>;
  /** publish or unpublish (the admin's actions); a review in the recycle bin is a 409 */
  setStatus(tenant: Tenant, id: number, status: 'published' | 'unpublished'): Promise<ApiReview | undefined>;
  /** sets or replaces the reply (the customer is mailed as from the admin); null removes it */
  reply(tenant: Tenant, id: number, content: string | null): Promise<ApiReview | undefined>;
  /** the admin's delete: to the recycle bin when the plan has one, for good otherwise or from the bin */
  remove(tenant: Tenant, id: number): Promise<{ purged: boolean } | undefined>;
  notificationSettings(shopId: number): Promise<NotificationSettings>;
  /** validates like the review settings (a ZodError is a 400 with per-field messages) */
  updateNotificationSettings(shopId: number, patch: Partial<NotificationSettings>): Promise<NotificationSettings>;
}
export const ReviewAdmin = defineCapability<ReviewAdminApi>('reviews.admin');
