// What the reviews plugin offers other plugins through capabilities (plugin.ts `provides`): the
// storefront's read contract (`reviews.feed`), rating summaries (`catalog.ratings`), collection
// links (`reviews.collect`) and the shop's notification settings (`reviews.notifications`). Users
// write their own interface of what they rely on; these are the provider's side.
import type { AppContext, Tenant } from '@plaudit/kernel';
import type { ReviewSettings } from './review';

/** Per-product rating counts from our reviews (average, count, distribution 5..1). */
export interface ProductSummary {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
}

/**
 * A published review as shoppers may see it: no email, no order ids, the reviewer shown by first
 * name and last initial. The storefront (widgets, feeds, JSON-LD) never sees more than this.
 */
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
  /** `variants`: an uploaded photo's renditions by width (srcset), smallest first; absent on older media */
  media: { url: string; type: 'image' | 'video'; variants?: { url: string; width: number }[]; poster?: string; captions?: string; caption?: string; seconds?: number }[];
  verified: boolean;
  /** written for a reward (rewards plugin, or imported so): the storefront discloses it (16 CFR 255.5) */
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
  kind?: 'product' | 'store';
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
  /** opaque cursor from a previous page's nextCursor */
  after?: string | null;
}

export interface ReviewFeedPage {
  items: PublicReview[];
  nextCursor: string | null;
}

/**
 * `reviews.feed`: published reviews for the storefront. `version` changes whenever anything a
 * shopper could see changes (any write to a shop's reviews), so readers can cache by it; writers
 * also NOTIFY `channel` with the shop id as payload.
 */
export interface ReviewFeed {
  reviews(tenant: Tenant, query: ReviewFeedQuery): Promise<ReviewFeedPage>;
  /** which of these products (gids) the customer reviewed, in any state (the portal's products awaiting a review) */
  reviewedProducts(tenant: Tenant, customer: { id?: string | null; email?: string | null }, productIds: string[]): Promise<string[]>;
  summaries(tenant: Tenant, productIds: string[]): Promise<Record<string, ProductSummary & { mediaCount: number }>>;
  shopSummary(tenant: Tenant): Promise<Omit<ProductSummary, 'productId'> & { mediaCount: number }>;
  version(tenant: Tenant): Promise<string>;
  /** the review settings the storefront applies (rich snippets, UGC display, eligibility...) */
  storefrontSettings(tenant: Tenant): Promise<ReviewSettings>;
  readonly channel: string;
}

/** `catalog.ratings`: the kernel's /api/shopify/* star counts. */
export interface CatalogRatings {
  productSummaries(tenant: Tenant, productIds: string[]): Promise<Record<string, ProductSummary>>;
}

/** A shopper's review as stored: 'pending' awaits moderation. */
export interface GuestReview {
  id: number;
  status: 'published' | 'pending';
}

/**
 * `reviews.guest`: a shopper's review from another plugin's public page (a QR card's product page),
 * through the storefront form's one path (rate limits, honeypot, eligibility, validation, spam hold,
 * moderation). Reads the request's multipart or JSON body; `productId` (a gid) overrides the form's;
 * `received` gets the text fields as sent (to show the form again). Throws http-errors: 400 with
 * per-field `errors`, 403 with `code`, 404, 429, 503. A filled honeypot answers id 0, stores nothing.
 */
export interface GuestReviews {
  submit(ctx: AppContext, input: { shopDomain: string; ip: string; productId: string; received?: (fields: Record<string, string>) => void }): Promise<GuestReview>;
}

/** What a reward needs of a review: never its rating or text (FTC 16 CFR 465.4), only their shape. */
export interface RewardFacts {
  status: string;
  /** 'customer' and 'guest' are a shopper's own; 'admin' and imports are not rewarded */
  source: string;
  kind: 'product' | 'store';
  contentLength: number;
  mediaCount: number;
  email: string | null;
  customerId: string | null;
  verified: boolean;
  firstName: string | null;
  lastName: string | null;
  productTitle: string | null;
  locale: string | null;
}

/**
 * `reviews.rewards`: the rewards plugin reads a review's reward facts and marks a rewarded review
 * `incentivized` (the storefront shows the disclosure, exports carry the flag; 16 CFR 255.5).
 */
export interface ReviewRewards {
  rewardFacts(tenant: Tenant, reviewId: number): Promise<RewardFacts | undefined>;
  markIncentivized(tenant: Tenant, reviewId: number): Promise<void>;
}

/** `reviews.collect`: links review-requests puts in its emails, and what the photo reminder checks. */
export interface ReviewCollect {
  writeUrl(input: { shopDomain: string; queueEntryId: number; orderId: string; productId?: string; customerLocale?: string | null; expiresInDays: number }): string;
  photoUrl(input: { shopDomain: string; reviewId: number; expiresInDays: number }): string;
  /** what the photo reminder checks at send time, and the product and text its email shows */
  reviewForReminder(tenant: Tenant, reviewId: number): Promise<{ rating: number; mediaCount: number; status: string; productTitle: string | null; content: string } | undefined>;
}

/** The shop notification fields of the review settings (`reviews.notifications`). */
export interface NotificationSettings {
  enabledEmailNewReview: boolean;
  enabledEmailNegativeReview: boolean;
  receiverNewReview: string | null;
  receiverNegativeReview: string | null;
  negativeThreshold: number;
}

export interface ReviewNotifications {
  get(shopId: number): Promise<NotificationSettings>;
  /** validates like the review settings (a ZodError is a 400 with per-field messages) */
  update(shopId: number, patch: Partial<NotificationSettings>): Promise<NotificationSettings>;
}
