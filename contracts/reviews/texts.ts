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
