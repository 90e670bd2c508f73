// The imports plugin's one internal contract: every reader (CSV, XLSX, a marketplace) yields records,
// a format's mapping turns a record into a ParsedReview or row errors, and the import activity writes
// ParsedReviews through the reviews plugin's ReviewWrite capability.

/** What a column of a file can mean: the targets of the mapping step. */
export const FIELDS = [
  'externalId',
  'productId',
  'productHandle',
  'productSku',
  'productTitle',
  'reviewType',
  'rating',
  'title',
  'content',
  'author',
  'firstName',
  'lastName',
  'email',
  'country',
  'createdAt',
  'reply',
  'replyAt',
  'state',
  'verified',
  'incentivized',
  'photos',
  'variantOptions',
  'variantValues',
  'answers',
] as const;
export type Field = (typeof FIELDS)[number];

/** Field -> the file's header that feeds it (null: not in this file). */
export type Mapping = Partial<Record<Field, string | null>>;

/** One data record as read: header -> cell text (trimmed, '' when blank). */
export type SourceRecord = Record<string, string>;

export type ImportSource = 'imported' | 'amazon' | 'aliexpress';

/** A review ready to be written, before its product is resolved and its photos fetched. */
export interface ParsedReview {
  /** the record's line in the file (the header is line 1); for marketplaces, the review's position from 1 */
  line: number;
  /** the same review imported twice has the same key: `<format>:<original id>`, else `sha256:<hex>` of its content */
  key: string;
  /** null: a store review (only where the format has them) */
  product: { id?: string; handle?: string; sku?: string; title?: string } | null;
  /** 1..5, converted from the format's scale */
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** ISO 3166-1 alpha-2, upper case */
  country: string | null;
  createdAt: Date | null;
  reply: { content: string; at: Date | null } | null;
  status: 'published' | 'unpublished';
  /** the previous app called the author a verified buyer (kept, but never our own Verified badge: SHOPIFY.md) */
  verified: boolean;
  incentivized: boolean;
  /** http(s) URLs, at most 5 */
  photoUrls: string[];
  /** `Option: value` pairs, e.g. ['Color: Red', 'Size: M'] */
  variants: string[];
  source: ImportSource;
  /** answers to custom questions as Plaudit's export writes them, by the question's and the answers' labels */
  answers: { question: string; labels: string[] }[];
}

/** Why a row (or one cell of it) was not imported: one line of the downloadable error report. */
export interface RowError {
  line: number;
  /** the file's header, or '' for the whole row */
  column: string;
  reason: string;
}
