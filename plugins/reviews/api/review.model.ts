import { ShopScopedModel } from '../../../api/db/base-model';
import type { MediaItem } from '../shared/review';

export class Review extends ShopScopedModel {
  static tableName = 'reviews';
  static jsonAttributes = ['variants', 'media', 'files'];

  kind!: 'product' | 'store';
  productId?: string | null;
  productTitle?: string | null;
  productHandle?: string | null;
  rating!: number;
  title?: string | null;
  content!: string;
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
  demo!: boolean;
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
  const { shopId: _s, trashedFrom: _t, productKey: _p, customerId: _c, files: _f, ...rest } = r as Review & Record<string, unknown>;
  return rest;
}
