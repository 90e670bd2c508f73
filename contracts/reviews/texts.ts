// The reviews plugin's contract, its texts part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';
import type { ReviewStatus } from './review';

// --- 'reviews.texts': a review's words and their language (the translations plugin) ---

export interface ReviewText {
  id: number;
  title: string | null;
  content: string;
  /** BCP-47 base code ('es'), null until detected */
  language: string | null;
  status: ReviewStatus;
}

/** A review's words with the facts a reader of them needs: whose product, how many stars, whether shown. */
export interface ReviewTextFacts extends ReviewText {
  /** the product's gid; null for a review of the store itself */
  productId: string | null;
  rating: number;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, null until first published */
  publishedAt: string | null;
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
  /** the reviews of these ids that the shop has, in any status (others left out): a batch of changes read in one query */
  readFacts(tenant: Tenant, ids: number[]): Promise<ReviewTextFacts[]>;
  /**
   * Every review of the shop in any status, the recycle bin included, after `afterId` in id order, at
   * most `limit` (1..5,000): keyset pages for whoever reads a whole shop (re-reading, indexing), each
   * page one query that starts where the last one ended. Reviews written meanwhile come in later
   * pages (ids only grow); the next page after the last one is empty.
   */
  pageFacts(tenant: Tenant, afterId: number, limit: number): Promise<ReviewTextFacts[]>;
  /** how many reviews the shop has in any status, the recycle bin included: the total of `pageFacts` */
  countAll(tenant: Tenant): Promise<number>;
}
export const ReviewTexts = defineCapability<ReviewTextsApi>('reviews.texts');
