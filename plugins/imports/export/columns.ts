// The two export formats (EXPORT.md): Plaudit's own, with every field, which our import reads back
// (its columns and separators are the importer's, formats/plaudit.ts); and Judge.me's import
// template, so a merchant can leave us for the most used review app as easily as they came.
import type { ExportedReview } from '@plaudit/contracts/reviews';
import { PLAUDIT_COLUMNS, PLAUDIT_SEPARATORS, type PlauditColumn } from '../formats/plaudit';

export const EXPORT_FORMATS = ['plaudit', 'judgeme'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type Cell = string | number;

/** Plaudit's format: the columns and list separators our import reads (formats/plaudit.ts). */
export { PLAUDIT_COLUMNS, PLAUDIT_SEPARATORS };

/**
 * Judge.me's import template (judge.me/help/en/articles/8415368, see EXPORT.md): the columns it
 * reads, with `review_date` and `reply_date` as dd/mm/yyyy and up to 5 comma-separated picture URLs.
 */
export const JUDGEME_COLUMNS = [
  'title',
  'body',
  'rating',
  'review_date',
  'source',
  'curated',
  'reviewer_name',
  'reviewer_email',
  'product_id',
  'product_handle',
  'reply',
  'reply_date',
  'picture_urls',
  'location',
] as const;

export interface CellOptions {
  /** the app's origin: our own photos (`/media/<file>`) are written as absolute URLs another app can fetch */
  mediaBase: string;
}

const text = (v: string | null | undefined) => v ?? '';
const flag = (v: boolean) => (v ? 'true' : 'false');
const iso = (d: Date | null) => (d ? d.toISOString() : '');
const pad = (n: number) => String(n).padStart(2, '0');
/** dd/mm/yyyy in UTC (Judge.me's template) */
const ddmmyyyy = (d: Date | null) => (d ? `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}` : '');
/** Shopify's numeric product id from a gid (`gid://shopify/Product/123` -> `123`) */
const numericId = (id: string | null) => (id ? id.split('/').pop()! : '');

function urls(r: ExportedReview, o: CellOptions): string[] {
  return r.media.map((m) => (m.url.startsWith('/') ? `${o.mediaBase.replace(/\/+$/, '')}${m.url}` : m.url));
}

/** Judge.me's `curated`: ok is shown; not-yet waits for the merchant; spam is hidden (our trash). */
function curated(status: string): string {
  if (status === 'published') return 'ok';
  return status === 'trash' ? 'spam' : 'not-yet';
}

/** A review as the export writes it: the reviews plugin's, with its answers as one text when it has some. */
export interface ExportRow extends ExportedReview {
  /** `Question: answer, answer | Question: answer` (plugins/review-questions) */
  answers?: string;
  /** the name of the product's group (plugins/product-groups), when it is in one */
  group?: string;
}

/** Each Plaudit column's cell; `imported` too, for when the importer's list names it. */
const PLAUDIT_CELLS: Record<PlauditColumn | 'imported', (r: ExportRow, o: CellOptions) => Cell> = {
  id: (r) => r.id,
  productId: (r) => text(r.productId),
  productHandle: (r) => text(r.productHandle),
  productTitle: (r) => text(r.productTitle),
  kind: (r) => r.kind,
  status: (r) => r.status,
  rating: (r) => r.rating,
  title: (r) => text(r.title),
  content: (r) => r.content,
  firstName: (r) => text(r.firstName),
  lastName: (r) => text(r.lastName),
  email: (r) => text(r.email),
  country: (r) => text(r.country),
  locale: (r) => text(r.locale),
  source: (r) => r.source,
  // the author is a verified buyer: by our order match, or by the app the review was imported from
  verified: (r) => flag(r.verified || r.importedVerified),
  incentivized: (r) => flag(r.incentivized),
  featured: (r) => flag(r.featured),
  pinned: (r) => flag(r.pinned),
  testimonial: (r) => flag(r.testimonial),
  imported: (r) => flag(r.imported),
  replyContent: (r) => text(r.replyContent),
  repliedAt: (r) => iso(r.replyContent ? r.repliedAt : null),
  media: (r, o) => urls(r, o).join(PLAUDIT_SEPARATORS.media),
  variants: (r) => r.variants.join(PLAUDIT_SEPARATORS.variants),
  createdAt: (r) => iso(r.createdAt),
  answers: (r) => text(r.answers),
  group: (r) => text(r.group),
};

function plauditRow(r: ExportedReview, o: CellOptions): Cell[] {
  return PLAUDIT_COLUMNS.map((c) => PLAUDIT_CELLS[c](r, o));
}

function judgemeRow(r: ExportedReview, o: CellOptions): Cell[] {
  const product = r.kind === 'product';
  return [
    text(r.title),
    r.content,
    r.rating,
    ddmmyyyy(r.createdAt),
    r.source,
    curated(r.status),
    [r.firstName, r.lastName].filter(Boolean).join(' '),
    text(r.email),
    product ? numericId(r.productId) : '',
    product ? text(r.productHandle) : '',
    text(r.replyContent),
    r.replyContent ? ddmmyyyy(r.repliedAt) : '',
    urls(r, o).slice(0, 5).join(','),
    text(r.country),
  ];
}

/** A file's header and the cells of one of its records (a review; a question's answer for Q&A). */
export interface Layout<T = ExportedReview> {
  headers: readonly string[];
  row(r: T): Cell[];
}

export function layoutFor(format: ExportFormat, options: CellOptions): Layout {
  return format === 'plaudit'
    ? { headers: PLAUDIT_COLUMNS, row: (r) => plauditRow(r, options) }
    : { headers: JUDGEME_COLUMNS, row: (r) => judgemeRow(r, options) };
}
