// The reviews plugin's contract (see README.md): what it offers other plugins.
import type { AppContext, Tenant } from '@plaudit/kernel';
import type { AnalyticsSource, DayRange, ProductFacts } from './analytics';
import type { ProductRating } from './catalog';
import { defineCapability, defineEvent, defineWorkflow } from './define';

// --- events: durable, each recorded in the transaction of the change it announces ---

/** 'review.created', key = review id: a review was written (any collection path). */
export interface ReviewCreatedPayload {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  productId: string | null;
  rating: number;
  source: string;
  /** 'published' when the shop publishes new reviews at once: no 'review.published' follows */
  status: string;
  /** the numeric Shopify order id the review is for (a signed write link or a verified purchase) */
  orderId: string | null;
  /** the review-requests queue entry of the write link the review came through */
  queueEntryId: number | null;
  mediaCount: number;
}
export const ReviewCreated = defineEvent<ReviewCreatedPayload>('review.created');

/** 'review.media-added', key = `<review id>:<media count>`: a customer added photos to their review (the photo reminder's page). */
export interface ReviewMediaAddedPayload {
  shopId: number;
  shopDomain: string;
  reviewId: number;
  mediaCount: number;
}
export const ReviewMediaAdded = defineEvent<ReviewMediaAddedPayload>('review.media-added');

/** One review in a change event: what it is now. */
export interface ChangedReview {
  reviewId: number;
  productId: string | null;
  /** the review's status after the change; 'deleted' when it is gone for good */
  status: string;
}

/**
 * 'review.published', 'review.updated', 'review.deleted', 'review.replied': one change of one or many
 * reviews (a moderation action, an edit, a reply, the hourly auto-publish or purge). A bulk action
 * over many reviews is a few events of at most 500 reviews each, not one per review.
 * key = `<change>:<first review id>:<at ms>`.
 */
export interface ReviewsChangedPayload {
  shopId: number;
  shopDomain: string;
  /** what happened: the moderation action ('publish', 'unpublish', 'verify' ...), 'edit', 'media', 'reply', 'reply-removed', 'auto-publish', 'purge' */
  change: string;
  /** when (ISO 8601) */
  at: string;
  reviews: ChangedReview[];
}
export const ReviewPublished = defineEvent<ReviewsChangedPayload>('review.published');
export const ReviewUpdated = defineEvent<ReviewsChangedPayload>('review.updated');
export const ReviewDeleted = defineEvent<ReviewsChangedPayload>('review.deleted');
/** a reply added or edited ('reply') or taken off ('reply-removed') */
export const ReviewReplied = defineEvent<ReviewsChangedPayload>('review.replied');

// --- capabilities: a few general ones, each for any plugin that needs it ---
// feed (what shoppers may see), facts (one review as it is), write (new reviews from other places),
// admin (the merchant's operations and notification settings), export, analytics, texts. The
// kernel's star counts are `CatalogRatings` (contracts/catalog.ts), also provided by reviews.

export type ReviewKind = 'product' | 'store';
/** 'pending' awaits moderation; 'trash' is the recycle bin. */
export type ReviewStatus = 'published' | 'unpublished' | 'pending' | 'trash';
export type Stars = Record<1 | 2 | 3 | 4 | 5, number>;

/** A photo or video of a review as stored. */
export interface ReviewMedia {
  url: string;
  type: 'image' | 'video';
  /** an uploaded photo's renditions (srcset), smallest first; absent on older uploads and external URLs */
  variants?: { url: string; width: number }[];
  /** a video's still (JPEG), shown until it plays (video reviews) */
  poster?: string;
  /** a video's caption track (WebVTT) and its text */
  captions?: string;
  caption?: string;
  /** a video's length and size */
  seconds?: number;
  width?: number;
  height?: number;
}

/** Published reviews of a product counted (the kernel's ProductRating) with how many carry media. */
export interface RatingSummary extends ProductRating {
  mediaCount: number;
}

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
  /** one entry per product asked for (zeros when it has no published review) */
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, RatingSummary>>;
  /** the shop as a whole: every product and the store itself */
  shopSummary(tenant: Tenant): Promise<Omit<RatingSummary, 'productId'>>;
  version(tenant: Tenant): Promise<string>;
  storefrontSettings(tenant: Tenant): Promise<StorefrontReviewSettings>;
  /** the PostgreSQL channel NOTIFYed with a shop id on every such change */
  readonly channel: string;
}
export const ReviewFeed = defineCapability<ReviewFeedApi>('reviews.feed');

// --- 'reviews.facts': one review as it is (integrations, rewards, the photo reminder) ---

/** One review's facts, internal columns left out. */
export interface ReviewFactSheet {
  reviewId: number;
  kind: ReviewKind;
  status: ReviewStatus;
  /** 'customer' (a write link) and 'guest' (a storefront form) are a shopper's own; 'admin' and the import sources are not */
  source: string;
  rating: number;
  title: string | null;
  content: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** the Shopify customer's gid when the review is tied to one */
  customerId: string | null;
  locale: string | null;
  productId: string | null;
  productTitle: string | null;
  productHandle: string | null;
  /** the numeric Shopify order id the review is for */
  orderId: string | null;
  mediaCount: number;
  verified: boolean;
  /** written for a reward: the storefront discloses it (16 CFR 255.5) */
  incentivized: boolean;
  replyContent: string | null;
  /** ISO 8601 */
  repliedAt: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/**
 * 'reviews.facts'. A reward must never depend on the rating or the words (16 CFR 465.4): a plugin
 * that rewards reads only whose review it is and its shape (source, content length, media count).
 */
export interface ReviewFactsApi {
  /** undefined when the shop has no such review (another shop's, or deleted for good) */
  reviewFacts(tenant: Tenant, reviewId: number): Promise<ReviewFactSheet | undefined>;
  /** how many reviews the shop has by this email, in any state but the recycle bin (case-insensitive) */
  reviewCount(tenant: Tenant, email: string): Promise<number>;
  /** the review earned a reward (a discount, loyalty points): from now on it is disclosed as incentivized */
  markIncentivized(tenant: Tenant, reviewId: number): Promise<void>;
}
export const ReviewFacts = defineCapability<ReviewFactsApi>('reviews.facts');

// --- 'reviews.write': new reviews from other places (links in emails, QR pages, imports) ---

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
  /**
   * A photo from elsewhere through the customers' upload pipeline (type by its bytes, re-encoded,
   * EXIF stripped, renditions stored). Throws an Error named 'PhotoRefusedError' with the reason
   * when the bytes are not a photo we accept.
   */
  storePhoto(bytes: Buffer): Promise<ImportedPhoto>;
}
export const ReviewWrite = defineCapability<ReviewWriteApi>('reviews.write');

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

// --- 'reviews.export': every review of a shop in keyset-paged batches (the imports plugin's export) ---

/** The moderation list's tabs: published; unpublished (with pending); trash; all (everything but the trash). */
export type ReviewTab = 'all' | 'published' | 'unpublished' | 'trash';

/** The moderation list's filters an export takes. */
export interface ExportFilters {
  /** default all */
  tab?: ReviewTab;
  /** any of these ratings (1..5) */
  rating?: number[];
  /** any of these products (the review's product id as stored, e.g. a gid); '' is the store itself */
  productId?: string[];
  /** created at or after this instant */
  from?: Date;
  /** created at or before this instant */
  to?: Date;
}

/** One review with every field a merchant could want back (internal columns left out). */
export interface ExportedReview {
  id: number;
  kind: ReviewKind;
  productId: string | null;
  productHandle: string | null;
  productTitle: string | null;
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string | null;
  locale: string | null;
  /** `Option: value` pairs */
  variants: string[];
  /** the original of each photo or video, as stored: http(s) URLs, or our own `/media/<file>` paths */
  media: Pick<ReviewMedia, 'url' | 'type'>[];
  source: string;
  status: ReviewStatus;
  /** our Verified badge (a buyer we matched to an order); never true on an imported review */
  verified: boolean;
  /** the previous app called the author a verified buyer (imports only; not our badge) */
  importedVerified: boolean;
  incentivized: boolean;
  featured: boolean;
  pinned: boolean;
  testimonial: boolean;
  imported: boolean;
  /** the review's identity in the source it was imported from (`judgeme:<id>`, ...), else null */
  importKey: string | null;
  replyContent: string | null;
  repliedAt: Date | null;
  createdAt: Date;
}

export interface ReviewExportApi {
  /**
   * The tenant's reviews that pass the filters, oldest first (created at, then id), `batchSize` at a
   * time (1..5,000, default 1,000). Keyset paging: each batch is one indexed query that starts after
   * the last review of the batch before, so memory stays at one batch and a deep batch costs what
   * the first does. Reviews created while the export runs after its last batch are not included.
   */
  exportBatches(tenant: Tenant, filters: ExportFilters, batchSize?: number): AsyncIterable<ExportedReview[]>;
}
export const ReviewExport = defineCapability<ReviewExportApi>('reviews.export');

// --- 'reviews.analytics': the reviews' facts per local day (the analytics plugin's rollups) ---

/**
 * Per local day: reviews.count, reviews.rating_sum, reviews.stars1..5, reviews.with_photo,
 * reviews.with_video, reviews.source.<group>; by created_at, trash excluded. Reviews in the trash
 * count nowhere, so purging them marks nothing.
 */
export interface ReviewAnalyticsApi extends AnalyticsSource {
  /** per local day: each product's count and rating sum (product reviews only) */
  productDays(tenant: Tenant, range: DayRange): Promise<Record<string, ProductFacts[]>>;
  /** the latest title each product's reviews carry (products never titled are left out) */
  productTitles(tenant: Tenant, productKeys: string[]): Promise<Record<string, string>>;
}
export const ReviewAnalytics = defineCapability<ReviewAnalyticsApi>('reviews.analytics');

// --- 'reviews.texts': a review's words and their language (the translations plugin) ---

export interface ReviewText {
  id: number;
  title: string | null;
  content: string;
  /** BCP-47 base code ('es'), null until detected */
  language: string | null;
  status: ReviewStatus;
}

export interface ReviewTextsApi {
  /** the reviews of these ids that the shop has (others left out) */
  read(tenant: Tenant, ids: number[]): Promise<ReviewText[]>;
  /** stores the detected language of a review (null: could not tell) */
  setLanguage(tenant: Tenant, id: number, language: string | null): Promise<void>;
  /** published reviews after `afterId`, in id order: the bulk translation's pages */
  published(tenant: Tenant, afterId: number, limit: number): Promise<ReviewText[]>;
  /** how many published reviews the shop has: the bulk translation's total */
  countPublished(tenant: Tenant): Promise<number>;
  /** reviews with no language yet, in id order (imported ones): detected in batches */
  undetected(tenant: Tenant, afterId: number, limit: number): Promise<ReviewText[]>;
}
export const ReviewTexts = defineCapability<ReviewTextsApi>('reviews.texts');

// --- workflows other plugins start ---

/** 'reviewsRatingSync': every shop's product rating metafields brought up to date (the storefront's stars); answers how many products it wrote. */
export const ReviewsRatingSync = defineWorkflow<() => Promise<number>>('reviewsRatingSync');
