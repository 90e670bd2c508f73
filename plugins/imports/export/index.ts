// The export, "no lock-in" (issue 12, EXPORT.md): a shop's reviews as CSV or XLSX, in Plaudit's
// format or Judge.me's import template, read from the reviews plugin's ReviewExport capability
// (contracts/reviews.ts) in keyset batches and written as they arrive, so 100,000 reviews take the
// memory of one batch. Used by GET /api/imports/export (api/export-route.ts) and by the CLI's `export` command:
//   const reviews = services.capabilities.require(ReviewExport);
//   const query = exportQuery.parse({ format, type, ...filters });
//   await streamExport(reviews, tenant, { format: query.format, type: query.type, filters: filtersOf(query), mediaBase: config.appUrl }, fs.createWriteStream(file));
import type { Writable } from 'node:stream';
import type { Tenant } from '@plaudit/kernel';
import type { ExportedReview, ExportFilters, ReviewExportApi } from '@plaudit/contracts/reviews';
import type { ReviewQuestionsApi } from '@plaudit/contracts/review-questions';
import type { ProductGroupsApi } from '@plaudit/contracts/product-groups';
import { layoutFor, PLAUDIT_SEPARATORS, type ExportFormat, type ExportRow } from './columns';
import { writeCsv } from './csv';
import { writeXlsx } from './xlsx';
import { EXPORT_MESSAGES, type ExportType } from './query';

export { EXPORT_FORMATS, JUDGEME_COLUMNS, PLAUDIT_COLUMNS, layoutFor, type ExportFormat } from './columns';
export { EXPORT_CONTENTS, EXPORT_MESSAGES, EXPORT_TABS, EXPORT_TYPES, exportQuery, filtersOf, type ExportQuery, type ExportType } from './query';

export interface ExportOptions {
  format: ExportFormat;
  type: ExportType;
  filters: ExportFilters;
  /** the app's origin (config.appUrl): our own photos' `/media/<file>` paths become absolute URLs */
  mediaBase?: string;
  /** reviews read per query (default the capability's, 1,000) */
  batchSize?: number;
  /** the custom questions' answers (ReviewQuestions), for Plaudit's format; without it the column stays empty */
  answers?: ReviewQuestionsApi;
  /** the products' groups (ProductGroups), for Plaudit's format; without it the `group` column stays empty */
  groups?: ProductGroupsApi;
}

/** Each batch with its reviews' answers, read per batch (one query). */
async function* withAnswers(batches: AsyncIterable<ExportedReview[]>, tenant: Tenant, questions: ReviewQuestionsApi): AsyncGenerator<ExportRow[]> {
  for await (const batch of batches) {
    const found = await questions.answersOf(
      tenant,
      batch.map((r) => r.id),
    );
    yield batch.map((r) => {
      const answers = found.get(r.id);
      return answers ? { ...r, answers: answers.map((a) => `${a.label}: ${a.valueLabels.join(', ')}`).join(PLAUDIT_SEPARATORS.answers) } : r;
    });
  }
}

/** Each batch with the name of each review's product group, read per batch (one query). */
async function* withGroups(batches: AsyncIterable<ExportRow[]>, tenant: Tenant, groups: ProductGroupsApi): AsyncGenerator<ExportRow[]> {
  for await (const batch of batches) {
    const ids = [...new Set(batch.map((r) => r.productId).filter((id): id is string => !!id))];
    const found = await groups.groupsOf(tenant, ids);
    yield batch.map((r) => (r.productId && found[r.productId] ? { ...r, group: found[r.productId].name } : r));
  }
}

export const CONTENT_TYPES: Record<ExportType, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The export failed before its first byte: the caller answers 'Failed to export reviews'; `cause` says why. */
export class ExportFailedError extends Error {
  name = 'ExportFailedError';
  constructor(cause: unknown) {
    super(EXPORT_MESSAGES.failed, { cause });
  }
}

/** `<content>-<shop>-<YYYY-MM-DD>.<type>` (content `reviews` or `questions`): the shop's myshopify name, the day in UTC. */
export function exportFileName(shopDomain: string, type: ExportType, at = new Date(), content = 'reviews'): string {
  const shop =
    shopDomain
      .replace(/\.myshopify\.com$/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-') || 'shop';
  return `${content}-${shop}-${at.toISOString().slice(0, 10)}.${type}`;
}

export interface OpenedExport {
  contentType: string;
  /** Writes the whole file to `out` and ends it; on a failure `out` is destroyed and the promise rejects. */
  write(out: Writable): Promise<void>;
}

/**
 * Reads the first batch, so a failure that happens before any byte is written (the database is
 * down, say) throws ExportFailedError here and the caller can still answer with a status; after
 * this, a failure can only abort the file.
 */
export async function openExport(reviews: ReviewExportApi, tenant: Tenant, options: ExportOptions): Promise<OpenedExport> {
  const read = await primed(reviews.exportBatches(tenant, options.filters, options.batchSize));
  const answered = options.answers && options.format === 'plaudit' ? withAnswers(read, tenant, options.answers) : read;
  const batches = options.groups && options.format === 'plaudit' ? withGroups(answered, tenant, options.groups) : answered;
  const layout = layoutFor(options.format, { mediaBase: options.mediaBase ?? '' });
  const writer = options.type === 'csv' ? writeCsv : writeXlsx;
  return { contentType: CONTENT_TYPES[options.type], write: (out) => writer(layout, batches, out) };
}

/** The source with its first batch already read: a failure to read it throws ExportFailedError now. */
export async function primed<T>(source: AsyncIterable<T[]>): Promise<AsyncGenerator<T[]>> {
  const iterator = source[Symbol.asyncIterator]();
  let first: IteratorResult<T[]>;
  try {
    first = await iterator.next();
  } catch (err) {
    throw new ExportFailedError(err);
  }
  async function* batches(): AsyncGenerator<T[]> {
    try {
      let next = first;
      while (!next.done) {
        yield next.value;
        next = await iterator.next();
      }
    } finally {
      // the writer stopped early (a failed download): the source stops reading too
      await iterator.return?.();
    }
  }
  return batches();
}

/** The whole export into `out` (a file, a response): resolves when `out` has every byte. */
export async function streamExport(reviews: ReviewExportApi, tenant: Tenant, options: ExportOptions, out: Writable): Promise<void> {
  const opened = await openExport(reviews, tenant, options);
  await opened.write(out);
}
