// The plugin's tables as thin models: their shape is checked on every insert and patch (jsonSchema),
// the queries live next to them in db/ and are used by api/, activities/ and the capabilities.
import { ShopScopedModel } from '@plaudit/kernel';
import { SOURCES, STATUSES, type MediaItem } from '../shared/review';

const text = (max: number) => ({ type: ['string', 'null'], maxLength: max });

export class Review extends ShopScopedModel {
  static tableName = 'reviews';
  static jsonAttributes = ['variants', 'media', 'files'];
  static jsonSchema = {
    type: 'object',
    required: ['rating', 'content'],
    properties: {
      kind: { enum: ['product', 'store'] },
      productId: text(255),
      productTitle: text(512),
      productHandle: text(255),
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      title: text(255),
      content: { type: 'string', maxLength: 10_000 },
      firstName: text(255),
      lastName: text(255),
      email: text(320),
      locale: text(16),
      language: text(16),
      country: text(2),
      orderId: text(64),
      lineItemId: text(64),
      source: { enum: [...SOURCES] },
      status: { enum: [...STATUSES] },
      variants: { type: 'array', items: { type: 'string' } },
      media: {
        type: 'array',
        maxItems: 5,
        items: { type: 'object', required: ['url', 'type'], properties: { url: { type: 'string' }, type: { enum: ['image', 'video'] } } },
      },
    },
  };

  kind!: 'product' | 'store';
  productId?: string | null;
  productTitle?: string | null;
  productHandle?: string | null;
  rating!: number;
  title?: string | null;
  content!: string;
  /** the detected language of title and content ('es'), null until detected (issue 19) */
  language?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  locale?: string | null;
  country?: string | null;
  orderId?: string | null;
  lineItemId?: string | null;
  customerId?: string | null;
  variants?: string[];
  media?: MediaItem[];
  files?: unknown[];
  source!: string;
  status!: string;
  trashedFrom?: string | null;
  verified!: boolean;
  featured!: boolean;
  pinned!: boolean;
  testimonial!: boolean;
  replyContent?: string | null;
  repliedAt?: Date | null;
  editRequest?: string | null;
  editRequestedAt?: Date | null;
  imported!: boolean;
  /** written for a reward, or imported with that flag: disclosed on the storefront */
  incentivized!: boolean;
  /** the review's identity in the source it was imported from (unique per shop) */
  importKey?: string | null;
  /** the previous app called the author a verified buyer (not our Verified badge) */
  importedVerified?: boolean;
  demo!: boolean;
  /** the other plugin's page a shopper's review came through: 'qr' (a QR card's, `ReviewWrite.submitGuest`) */
  submittedVia?: 'qr' | null;
  publishedAt?: Date | null;
  deletedAt?: Date | null;
  // generated columns, read only
  productKey?: string;
  mediaCount?: number;

  $formatDatabaseJson(json: Record<string, unknown>) {
    const out = super.$formatDatabaseJson(json);
    delete out.product_key;
    delete out.media_count;
    return out;
  }
}

export class ReviewSummary extends ShopScopedModel {
  static tableName = 'review_summaries';
  static jsonSchema = {
    type: 'object',
    properties: {
      productKey: { type: 'string' },
      count: { type: 'integer', minimum: 0 },
      ratingSum: { type: 'integer', minimum: 0 },
      mediaCount: { type: 'integer', minimum: 0 },
    },
  };
  productKey!: string;
  count!: number;
  ratingSum!: number;
  stars1!: number;
  stars2!: number;
  stars3!: number;
  stars4!: number;
  stars5!: number;
  mediaCount!: number;
}

/** What the API answers for a review (internal columns left out). */
export function present(r: Review) {
  const { shopId: _s, trashedFrom: _t, productKey: _p, customerId: _c, files: _f, submittedVia: _v, ...rest } = r as Review & Record<string, unknown>;
  return rest;
}
