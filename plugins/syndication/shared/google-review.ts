// One review as a Merchant API ProductReview (reviews sub-API v1,
// https://developers.google.com/merchant/api/reference/rest/reviews_v1/accounts.productReviews:
// productReviewId, productReviewAttributes with reviewTime and content required; fields renamed from
// `attributes` in July 2025, isVerifiedPurchase and isIncentivizedReview added then:
// https://developers.google.com/merchant/api/release-notes/rest/reviews). Pure: the activity gathers,
// this decides and maps. Google matches a product by GTIN, then MPN with brand, then SKU
// (https://developers.google.com/product-review-feeds/schema); Shopify has no MPN.
import type { ProductIdentifiers } from '@plaudit/contracts/widgets';
import type { ReviewForShopify } from './metaobject';

export interface GoogleProductReview {
  productReviewId: string;
  productReviewAttributes: {
    reviewTime: string;
    content: string;
    title?: string;
    rating: number;
    minRating: number;
    maxRating: number;
    reviewerUsername: string;
    reviewLanguage?: string;
    reviewCountry?: string;
    reviewerImageLinks?: string[];
    productNames?: string[];
    productLinks?: string[];
    gtins?: string[];
    skus?: string[];
    brands?: string[];
    collectionMethod: 'UNSOLICITED' | 'POST_FULFILLMENT';
    isVerifiedPurchase: boolean;
    isIncentivizedReview: boolean;
  };
}

export type GoogleIneligible = 'not_shown' | 'store_review' | 'no_product_id';

/** Why the review does not go to Google, or undefined when it does. */
export function googleIneligibility(r: ReviewForShopify, ids: ProductIdentifiers | undefined): GoogleIneligible | undefined {
  if (!r.shown || !r.facts) return 'not_shown';
  if (r.shown.kind !== 'product' || !r.shown.productId) return 'store_review';
  // nothing Google could match the product by (no valid GTIN, no SKU): the XML feed's product link stays
  if (!ids || (!ids.gtins.length && !ids.skus.length)) return 'no_product_id';
  return undefined;
}

const absolute = (url: string, appUrl: string) => (url.startsWith('/') && !url.startsWith('//') ? `${appUrl}${url}` : url);

/** The ProductReview of an eligible review (googleIneligibility said undefined). */
export function googleProductReview(r: ReviewForShopify, ids: ProductIdentifiers, o: { appUrl: string; shopDomain: string }): GoogleProductReview {
  const shown = r.shown!;
  const facts = r.facts!;
  const photos = shown.media
    .filter((m) => m.type === 'image')
    .map((m) => absolute(m.url, o.appUrl))
    .filter((u) => /^https?:\/\//.test(u));
  const handle = shown.productHandle ?? ids.handle;
  const a: GoogleProductReview['productReviewAttributes'] = {
    reviewTime: facts.createdAt,
    content: shown.content,
    rating: shown.rating,
    minRating: 1,
    maxRating: 5,
    reviewerUsername: shown.author,
    // a review asked for after an order (a request's link) is post-fulfillment; the storefront form's are unsolicited
    collectionMethod: facts.source === 'customer' && facts.orderId ? 'POST_FULFILLMENT' : 'UNSOLICITED',
    // an imported review's "verified" is the previous app's word: not ours to claim (as for Shopify)
    isVerifiedPurchase: ['customer', 'guest', 'admin'].includes(facts.source) && facts.verified,
    // Google takes incentivized reviews flagged as such (the flag exists for them); low ratings go too
    isIncentivizedReview: shown.incentivized || facts.incentivized,
  };
  if (shown.title?.trim()) a.title = shown.title.trim();
  if (r.language) a.reviewLanguage = r.language;
  if (shown.country) a.reviewCountry = shown.country;
  if (photos.length) a.reviewerImageLinks = photos;
  if (shown.productTitle) a.productNames = [shown.productTitle];
  if (handle) a.productLinks = [`https://${o.shopDomain}/products/${handle}`];
  // every identifier the store has: Google prefers the GTIN, then the brand with an MPN (none), then the SKU
  if (ids.gtins.length) a.gtins = ids.gtins;
  if (ids.brand) a.brands = [ids.brand];
  if (ids.skus.length) a.skus = ids.skus;
  return { productReviewId: `plaudit-${shown.id}`, productReviewAttributes: a };
}
