// The reviews plugin's contract, its labels part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';

// --- 'reviews.labels': small tags other plugins put on reviews, shown and filtered in Manage reviews ---

/** how a label reads: a positive or negative mention, or a flag the merchant should look at ("needs a look") */
export type ReviewLabelTone = 'positive' | 'negative' | 'flag';

/**
 * One label: a group (one filter of the list: 'topic', 'needs-look') and a key inside it ('fit',
 * 'contradiction'), both lower-case `[a-z0-9_-]`, at most 32 characters. The list names it with the
 * writing plugin's strings, `<source>:labels.<group>.<key>` (the group: `<source>:labels.<group>._name`),
 * and shows the key itself when there is no such string.
 */
export interface ReviewLabel {
  group: string;
  key: string;
  tone?: ReviewLabelTone | null;
}

/** A review's labels as one source wrote them (the bulk form). */
export interface ReviewLabelEntry {
  reviewId: number;
  labels: ReviewLabel[];
}

/**
 * 'reviews.labels': a plugin replaces the labels it owns on a review (`source` is its plugin id; the
 * labels of other sources stay). Idempotent: the same call twice leaves the same labels. A review the
 * shop does not have is skipped; a review's labels go with it when it is deleted. Bad input (a group
 * or key outside the pattern, more than 50 labels on a review, more than 1,000 reviews in one call)
 * throws a ZodError and stores nothing.
 */
export interface ReviewLabelsApi {
  /** replaces `source`'s labels on one review ([] removes them); false when the shop has no such review */
  set(tenant: Tenant, reviewId: number, source: string, labels: ReviewLabel[]): Promise<boolean>;
  /** the same for many reviews in one transaction (a rebuild's page); answers how many reviews were found and labelled */
  setMany(tenant: Tenant, source: string, entries: ReviewLabelEntry[]): Promise<number>;
  /** removes `source`'s labels from these reviews, or from every review of the shop when no ids are given */
  clear(tenant: Tenant, source: string, reviewIds?: number[]): Promise<void>;
}
export const ReviewLabels = defineCapability<ReviewLabelsApi>('reviews.labels');
