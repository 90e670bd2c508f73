// The reviews plugin's contract, its export part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from '../define';
import type { ReviewKind, ReviewMedia, ReviewStatus } from './review';

// --- 'reviews.export': every review of a shop in keyset-paged batches (the imports plugin's export) ---

/** The moderation list's tabs: published; unpublished (with pending); trash; all (everything but the trash). */
export type ReviewTab = 'all' | 'published' | 'unpublished' | 'trash';

/** The moderation list's filters an export takes. */
export interface ExportFilters {
  /** default all */
  tab?: ReviewTab;
  /** any of these ratings (1..5) */
  rating?: number[];
  /** any of these products (the review's product id as stored, e.g. a gid); '' is the store itself */
  productId?: string[];
  /** created at or after this instant */
  from?: Date;
  /** created at or before this instant */
  to?: Date;
}

/** One review with every field a merchant could want back (internal columns left out). */
export interface ExportedReview {
  id: number;
  kind: ReviewKind;
  productId: string | null;
  productHandle: string | null;
  productTitle: string | null;
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string | null;
  locale: string | null;
  /** `Option: value` pairs */
  variants: string[];
  /** the original of each photo or video, as stored: http(s) URLs, or our own `/media/<file>` paths */
  media: Pick<ReviewMedia, 'url' | 'type'>[];
  source: string;
  status: ReviewStatus;
  /** our Verified badge (a buyer we matched to an order); never true on an imported review */
  verified: boolean;
  /** the previous app called the author a verified buyer (imports only; not our badge) */
  importedVerified: boolean;
  incentivized: boolean;
  featured: boolean;
  pinned: boolean;
  testimonial: boolean;
  imported: boolean;
  /** the review's identity in the source it was imported from (`judgeme:<id>`, ...), else null */
  importKey: string | null;
  replyContent: string | null;
  repliedAt: Date | null;
  createdAt: Date;
}

export interface ReviewExportApi {
  /**
   * The tenant's reviews that pass the filters, oldest first (created at, then id), `batchSize` at a
   * time (1..5,000, default 1,000). Keyset paging: each batch is one indexed query that starts after
   * the last review of the batch before, so memory stays at one batch and a deep batch costs what
   * the first does. Reviews created while the export runs after its last batch are not included.
   */
  exportBatches(tenant: Tenant, filters: ExportFilters, batchSize?: number): AsyncIterable<ExportedReview[]>;
}
export const ReviewExport = defineCapability<ReviewExportApi>('reviews.export');
