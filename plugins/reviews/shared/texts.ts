// 'reviews.texts': a review's own words for the translations plugin (issue 19), which detects their
// language and caches translations of them; the reviews plugin keeps the language on the review.

export interface ReviewText {
  id: number;
  title: string | null;
  content: string;
  language: string | null;
  status: string;
}

export interface ReviewTexts {
  /** the reviews of these ids that the shop has (others left out) */
  read(tenant: import('@plaudit/kernel').Tenant, ids: number[]): Promise<ReviewText[]>;
  /** stores the detected language of a review (null: could not tell) */
  setLanguage(tenant: import('@plaudit/kernel').Tenant, id: number, language: string | null): Promise<void>;
  /** published reviews after `afterId`, in id order: the bulk translation's pages */
  published(tenant: import('@plaudit/kernel').Tenant, afterId: number, limit: number): Promise<ReviewText[]>;
  /** how many published reviews the shop has: the bulk translation's total */
  countPublished(tenant: import('@plaudit/kernel').Tenant): Promise<number>;
  /** reviews with no language yet, in id order (imported ones): detected in batches */
  undetected(tenant: import('@plaudit/kernel').Tenant, afterId: number, limit: number): Promise<ReviewText[]>;
}
