// One review as a `product_review` metaobject of Shopify's standard definition (README.md has the
// program's rules as read here). Pure: the activities gather the review, this decides and maps.
//   https://shopify.dev/docs/apps/build/metaobjects/standard-review-metaobject
//   https://shopify.dev/docs/apps/build/metaobjects/list-of-standard-definitions (the fields and their types)
import type { PublicReview, ReviewFactSheet } from '@plaudit/contracts/reviews';

export const METAOBJECT_TYPE = 'product_review';
/** What this app calls itself in the `source` field. */
export const SOURCE = 'Plaudit';
const SHOPPER_SOURCES = ['customer', 'guest', 'admin'];

/** Stable per review: upserting the same review again finds the same metaobject. */
export const reviewHandle = (reviewId: number) => `plaudit-review-${reviewId}`;

/** The review a handle of ours names; undefined for a product_review metaobject of another app or the merchant's. */
export function reviewIdOfHandle(handle: string): number | undefined {
  const m = /^plaudit-review-([1-9]\d{0,15})$/.exec(handle);
  return m ? Number(m[1]) : undefined;
}

export interface ReviewForShopify {
  /** the review as shoppers see it (published, not a demo review), undefined otherwise */
  shown: PublicReview | undefined;
  facts: ReviewFactSheet | undefined;
  publishedAt: string | null;
  /** the detected language of its text (BCP-47 base), else its locale's */
  language: string | null;
}

export type Ineligible = 'not_shown' | 'store_review' | 'incentivized';

/** Why the review does not go to Shopify, or undefined when it does. */
export function ineligibility(r: ReviewForShopify): Ineligible | undefined {
  if (!r.shown || !r.facts) return 'not_shown';
  if (r.shown.kind !== 'product' || !r.shown.productId) return 'store_review';
  // the program: incentivized reviews are not eligible (Shop leaves them out); never sent
  if (r.shown.incentivized || r.facts.incentivized) return 'incentivized';
  return undefined;
}

const absolute = (url: string, appUrl: string) => (url.startsWith('/') && !url.startsWith('//') ? `${appUrl}${url}` : url);
const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
const gidOf = (resource: string, id: string | null) => (!id ? '' : id.startsWith('gid://') ? id : /^\d+$/.test(id) ? `gid://shopify/${resource}/${id}` : '');

/**
 * The metaobject's fields. Every field is sent (an empty value clears it, so a reply taken off or
 * the last photo removed leaves Shopify too), except `edited_at`, sent only with an edit.
 */
export function metaobjectFields(r: ReviewForShopify, o: { appUrl: string; editedAt?: string }): { key: string; value: string }[] {
  const shown = r.shown!;
  const facts = r.facts!;
  const imported = !SHOPPER_SOURCES.includes(facts.source);
  // an imported review's buyer is the previous app's word, not ours: no customer or order reference
  const verified = !imported && facts.verified;
  const media = shown.media.map((m) => absolute(m.url, o.appUrl)).filter((u) => /^https?:\/\//.test(u));
  const fields: Record<string, string> = {
    rating: JSON.stringify({ value: String(shown.rating), scale_min: '1', scale_max: '5' }),
    title: oneLine(shown.title ?? ''),
    body: shown.content,
    submitted_at: facts.createdAt,
    published_at: r.publishedAt ?? '',
    source: imported ? `${SOURCE} (imported: ${facts.source})` : SOURCE,
    author: verified ? gidOf('Customer', facts.customerId) : '',
    author_display_name: shown.author,
    order: verified ? gidOf('Order', facts.orderId) : '',
    product: shown.productId!,
    // never ours to fill (reviews keep the variant's option text): sent empty so a merchant's value is cleared
    product_variant: '',
    merchant_reply: shown.reply?.content ?? '',
    merchant_replied_at: shown.reply?.at ?? '',
    media_urls: media.length ? JSON.stringify(media) : '',
    language: r.language ?? '',
  };
  if (o.editedAt) fields.edited_at = o.editedAt;
  return Object.entries(fields).map(([key, value]) => ({ key, value }));
}
