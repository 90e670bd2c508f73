// JSON-LD for a product's review box: schema.org Product with AggregateRating and the reviews shown
// on the page, following Google's review-snippet rules (ratingValue, reviewCount, bestRating 5,
// author Person with a name, datePublished, reviewBody, name = the product's title). Serialized so no
// review text can end the <script> element or open a comment: <, >, & and the JS line separators
// become \u escapes, which JSON parsers read back unchanged.
import type { DisplaySettings } from '../shared/display-settings';
import { reviewerName } from '../shared/components/format';
import type { ProductRef, PublicReview, Summary } from '../shared/widget-types';

export interface ProductJsonLdInput {
  product: ProductRef;
  /** the product's page on the storefront, when known */
  url?: string | null;
  summary: Summary;
  reviews: PublicReview[];
  general: DisplaySettings['general'];
  /** the page's word for an anonymous reviewer */
  anonymous?: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The rating of what is marked up, on Google's 1 to 5 scale. */
const aggregateRating = (summary: Summary) => ({
  '@type': 'AggregateRating',
  ratingValue: round(summary.average),
  reviewCount: summary.count,
  bestRating: 5,
  worstRating: 1,
});

/** The Product node, or null when there is nothing Google may show (no reviews, no product name). */
export function productJsonLd({ product, url, summary, reviews, general, anonymous }: ProductJsonLdInput): Record<string, unknown> | null {
  const name = product.title?.trim() || reviews.find((r) => r.productTitle)?.productTitle?.trim();
  if (!name || summary.count < 1) return null;
  const node: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    ...(url ? { url } : {}),
    aggregateRating: aggregateRating(summary),
  };
  // a linked store's review (`origin`) is marked up by its own store's page, not again here; a
  // review of the store itself never describes this product
  const items = reviews
    .filter((r) => r.kind !== 'store' && r.productId !== null && markable(r))
    .map((r) => ({ ...reviewNode(r, general, anonymous), ...videoOf(r, name) }));
  if (items.length) node.review = items;
  return node;
}

const markable = (r: PublicReview) => !r.origin && !!r.content?.trim() && r.rating >= 1 && r.rating <= 5;

/** One schema.org Review with what Google's review snippet asks of it (author Person with a name, rating, date, body). */
function reviewNode(r: PublicReview, general: DisplaySettings['general'], anonymous?: string): Record<string, unknown> {
  return {
    '@type': 'Review',
    ...(r.title?.trim() ? { name: r.title.trim() } : {}),
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    author: { '@type': 'Person', name: reviewerName(r.author, general.reviewerName, anonymous).slice(0, 100) },
    datePublished: r.createdAt.slice(0, 10),
    reviewBody: r.content,
  };
}

export interface OrganizationJsonLdInput {
  /** the shop's name and its storefront's home page */
  name: string;
  url: string;
  /** the store reviews' summary (ReviewFeed.shopSummary 'store'), never the products' */
  summary: Summary;
  /** the reviews shown on the page: only those of the store itself are marked up */
  reviews: PublicReview[];
  general: DisplaySettings['general'];
  anonymous?: string;
}

/**
 * The shop as a schema.org Organization with its store reviews (STORE-REVIEWS.md): Google shows no
 * stars for reviews a business hosts about itself ("self-serving"), but the markup is valid
 * schema.org and says which reviews are of the store, so none is read as a product's. Null when the
 * shop has no name or no store review.
 */
export function organizationJsonLd({ name, url, summary, reviews, general, anonymous }: OrganizationJsonLdInput): Record<string, unknown> | null {
  const items = reviews.filter((r) => r.kind === 'store' && r.productId === null && markable(r)).map((r) => reviewNode(r, general, anonymous));
  if (!name.trim() || summary.count < 1) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: name.trim(),
    url,
    aggregateRating: aggregateRating(summary),
    ...(items.length ? { review: items } : {}),
  };
}

/**
 * A review's video as schema.org's VideoObject (CreativeWork.video), with what Google's video
 * structured data requires (name, thumbnailUrl, uploadDate) and contentUrl and duration. Only a
 * transcoded video with its poster: an imported video URL has no thumbnail to name.
 */
function videoOf(r: PublicReview, product: string): { video?: Record<string, unknown> } {
  const v = r.media.find((m) => m.type === 'video' && m.poster && /^https?:\/\//.test(m.url));
  if (!v) return {};
  return {
    video: {
      '@type': 'VideoObject',
      name: (r.title?.trim() || product).slice(0, 100),
      description: (v.caption?.trim() || r.content).slice(0, 500),
      thumbnailUrl: v.poster,
      contentUrl: v.url,
      uploadDate: r.createdAt,
      ...(v.seconds ? { duration: `PT${Math.max(1, Math.round(v.seconds))}S` } : {}),
    },
  };
}

const UNSAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON whose text is safe inside <script>: no `</script>`, `<!--` or `-->` can appear. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE[c]);
}

export function jsonLdScript(value: unknown): string {
  return `<script type="application/ld+json">${serializeJsonLd(value)}</script>`;
}
