// The reviews plugin's contract, its write part (contracts/reviews.ts gathers the parts).
import type { AppContext, Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';
import type { ReviewKind, ReviewMedia } from './review';

// --- 'reviews.write': new reviews from other places (links in emails, QR pages, imports) ---

/**
 * The `source` of a copy of a linked shop's review (plugins/store-links): shown to this shop's
 * shoppers, but the origin shop's review. It is counted in the origin shop's analytics only and sent
 * to Google, Shopify and Meta by the origin shop only (feeds ask `excludeCopies`).
 */
export const LINKED_STORE_SOURCE = 'linked-store';

/** A photo stored through the customers' upload pipeline, as an imported review's media item. */
export interface ImportedPhoto {
  url: string;
  type: 'image';
  variants?: { url: string; width: number }[];
}

/**
 * One review to import (validated again by the provider: a ZodError names `<row index>.<field>`).
 * Never a verified buyer's here, so there is no `verified`; `importedVerified` keeps the previous
 * app's badge apart from ours.
 */
export interface ImportedReviewInput {
  kind?: ReviewKind;
  /** required for a product review: a gid or the digits */
  productId?: string | number | null;
  productTitle?: string | null;
  productHandle?: string | null;
  rating: number;
  title?: string | null;
  /** marketplaces have star-only ratings: may be empty */
  content?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  locale?: string | null;
  /** ISO 3166-1 alpha-2 */
  country?: string | null;
  variants?: string[];
  media?: (Pick<ReviewMedia, 'url' | 'variants'> & { type?: 'image' | 'video' })[];
  /** 'imported' (default) or the marketplace it came from: 'amazon', 'aliexpress', ... */
  source?: string;
  status?: 'published' | 'unpublished';
  /** not in the future */
  createdAt?: Date | string;
  reply?: { content: string; at?: Date | string } | null;
  /** a sample review a shop starts with: removable in one action, never sent to Google */
  demo?: boolean;
  /** the previous app marked it as written for an incentive: the disclosure follows it */
  incentivized?: boolean;
  /** the review's identity in its source: a second import of the same key is skipped, not duplicated */
  importKey?: string | null;
  importedVerified?: boolean;
}

/** A review shoppers write on another plugin's public page (a QR card's product page). */
export interface GuestReviewInput {
  shopDomain: string;
  ip: string;
  /** the product's gid; it overrides the form's */
  productId: string;
  /** gets the text fields as sent, to show the form again */
  received?: (fields: Record<string, string>) => void;
}

/** A shopper's review as stored: 'pending' awaits moderation. */
export interface GuestReview {
  id: number;
  status: 'published' | 'pending';
}

/** The signed page where a customer writes the review of one order's product (a request email's link). */
export interface WriteLinkInput {
  shopDomain: string;
  /** the review-requests queue entry the link is sent for (the review names it in 'review.created') */
  queueEntryId: number;
  /** the Shopify order id, numeric or gid */
  orderId: string;
  /** without one, the order's first product not reviewed yet */
  productId?: string;
  /** the page's language */
  customerLocale?: string | null;
  /** the stars the form opens with, signed into the link (a request email's star, issue 32); the customer may change them */
  rating?: 1 | 2 | 3 | 4 | 5;
  expiresInDays: number;
}

/**
 * 'reviews.write'. Every path goes through the reviews plugin's own validation, spam checks,
 * moderation and recounts; `importReviews` emits no 'review.created' (imports are not new feedback).
 */
export interface ReviewWriteApi {
  /** the write page's URL for an order's product */
  writeUrl(link: WriteLinkInput): string;
  /** the page where a customer adds photos to their own review (single use) */
  photoUrl(link: { shopDomain: string; reviewId: number; expiresInDays: number }): string;
  /**
   * A shopper's review from the request's multipart or JSON body, through the storefront form's path
   * (rate limits, honeypot, eligibility, validation, spam hold, moderation). Throws http-errors: 400
   * with per-field `errors`, 403 with `code`, 404, 429, 503. A filled honeypot answers id 0, stores nothing.
   */
  submitGuest(ctx: AppContext, input: GuestReviewInput): Promise<GuestReview>;
  /**
   * Creates the reviews in one transaction, all or none (at most 10,000 rows a call). Returns the new
   * ids in the order of the rows; a row whose `importKey` the shop already has is skipped (counted
   * in `duplicates`, no id).
   */
  importReviews(tenant: Tenant, rows: ImportedReviewInput[]): Promise<{ ids: number[]; duplicates: number }>;
  /** which of these import keys the shop already has (to skip fetching their photos again) */
  existingKeys(tenant: Tenant, keys: string[]): Promise<Set<string>>;
  /** import key -> the id of the review it created, for the keys the shop has (a caller keeping its own map of copies recovers it after a crash) */
  importedIds(tenant: Tenant, keys: string[]): Promise<Record<string, number>>;
  /**
   * A photo from elsewhere through the customers' upload pipeline (type by its bytes, re-encoded,
   * EXIF stripped, renditions stored). Throws an Error named 'PhotoRefusedError' with the reason
   * when the bytes are not a photo we accept.
   */
  storePhoto(bytes: Buffer): Promise<ImportedPhoto>;
}
export const ReviewWrite = defineCapability<ReviewWriteApi>('reviews.write');
