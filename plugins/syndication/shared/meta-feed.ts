// Meta's product review feed (Shops ratings and reviews), as CSV and as JSON. Pure: rows in, text out.
//   CSV:  https://developers.facebook.com/documentation/ads-commerce/commerce-platform/platforms/feed-schema-csv
//   JSON: https://developers.facebook.com/documentation/ads-commerce/commerce-platform/platforms/feed-schema
// The column names below the line `product.name` are not in the parts of the CSV page read for this
// plugin (README.md, "Meta feed"): the product ones follow the JSON schema's Review.product, the
// merchant reply ones are ours (the issue asks for the reply; Meta's schema as read has no column for it).
import { stringify } from 'csv-stringify/sync';
import type { PublicReview } from '@plaudit/contracts/reviews';

export const AGGREGATOR = 'Plaudit';

/** The CSV columns, in order, with whether Meta requires a value. */
export const META_COLUMNS: { name: string; required: boolean }[] = [
  { name: 'aggregator', required: false },
  { name: 'store.name', required: true },
  { name: 'store.id', required: false },
  { name: 'store.storeUrls', required: true },
  { name: 'reviewID', required: true },
  { name: 'rating', required: true },
  { name: 'title', required: false },
  { name: 'content', required: true },
  { name: 'created_at', required: true },
  { name: 'updated_at', required: false },
  { name: 'review_image_urls', required: false },
  { name: 'incentivized', required: true },
  { name: 'has_verified_purchase', required: false },
  { name: 'reviewer.name', required: false },
  { name: 'reviewer.isAnonymous', required: false },
  { name: 'product.name', required: false },
  { name: 'product.url', required: false },
  { name: 'merchant_reply.content', required: false },
  { name: 'merchant_reply.created_at', required: false },
];

export interface FeedStore {
  name: string;
  /** the myshopify domain: the store's id on our side */
  id: string;
  /** where shoppers buy: the shop's public domain */
  storeDomain: string;
}

export interface FeedReview {
  reviewID: string;
  rating: number;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  reviewImageUrls: string[];
  incentivized: boolean;
  hasVerifiedPurchase: boolean;
  reviewer: { name: string; isAnonymous: boolean };
  product: { name: string; url: string };
  merchantReply: { content: string; createdAt: string } | null;
}

const absolute = (url: string, appUrl: string) => (url.startsWith('/') && !url.startsWith('//') ? `${appUrl}${url}` : url);

/** A published product review as Meta takes it; undefined when Meta would refuse it (no text, no product page). */
export function feedReview(r: PublicReview, store: FeedStore, appUrl: string): FeedReview | undefined {
  const content = r.content.trim();
  if (r.kind !== 'product' || !r.productHandle || !content) return undefined;
  return {
    reviewID: String(r.id),
    rating: r.rating,
    // the JSON schema requires a title: a review without one is titled by its first words
    title: (r.title?.trim() || content.split(/\s+/).slice(0, 8).join(' ')).slice(0, 100),
    content,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    reviewImageUrls: r.media.filter((m) => m.type === 'image').map((m) => absolute(m.url, appUrl)),
    incentivized: r.incentivized,
    hasVerifiedPurchase: r.verified,
    reviewer: { name: r.author, isAnonymous: false },
    product: { name: r.productTitle ?? r.productHandle, url: `https://${store.storeDomain}/products/${encodeURIComponent(r.productHandle)}` },
    merchantReply: r.reply ? { content: r.reply.content, createdAt: r.reply.at } : null,
  };
}

/** Arrays in a CSV cell: a JSON array (one cell, quoted). */
function csvRow(store: FeedStore, r: FeedReview): string[] {
  return [
    AGGREGATOR,
    store.name,
    store.id,
    JSON.stringify([store.storeDomain]),
    r.reviewID,
    String(r.rating),
    r.title,
    r.content,
    r.createdAt,
    r.updatedAt,
    r.reviewImageUrls.length ? JSON.stringify(r.reviewImageUrls) : '',
    String(r.incentivized),
    String(r.hasVerifiedPurchase),
    r.reviewer.name,
    String(r.reviewer.isAnonymous),
    r.product.name,
    r.product.url,
    r.merchantReply?.content ?? '',
    r.merchantReply?.createdAt ?? '',
  ];
}

/** UTF-8 without formula guards (the feed is read by Meta, not a spreadsheet: the words stay as written). */
export function toCsv(store: FeedStore, reviews: FeedReview[]): string {
  return stringify([META_COLUMNS.map((c) => c.name), ...reviews.map((r) => csvRow(store, r))], { record_delimiter: 'windows' });
}

export function toJson(store: FeedStore, reviews: FeedReview[]) {
  return {
    aggregator: AGGREGATOR,
    store: { name: store.name, id: store.id, storeUrls: [store.storeDomain] },
    reviews: reviews.map(({ merchantReply, ...r }) => ({ ...r, ...(merchantReply ? { merchantReply } : {}) })),
  };
}
