// `ReviewExport` (contracts/reviews.ts): a shop's reviews with the moderation list's filters, oldest
// first, in keyset-paged batches. The cursor is the last row's (created_at, id) with created_at
// read back as PostgreSQL's own text, so its microseconds survive (a JS Date keeps milliseconds only,
// and a cursor rounded down would return the same row again).
import { raw } from 'objection';
import type { Tenant } from '@plaudit/kernel';
import type { ExportedReview, ExportFilters, ReviewExportApi, ReviewStatus } from '@plaudit/contracts/reviews';
import type { Review } from '../db/review.model';
import { filtered } from './list';

export const EXPORT_BATCH = { default: 1000, max: 5000 } as const;

const COLUMNS = [
  'id',
  'kind',
  'productId',
  'productHandle',
  'productTitle',
  'rating',
  'title',
  'content',
  'firstName',
  'lastName',
  'email',
  'country',
  'locale',
  'variants',
  'media',
  'source',
  'status',
  'verified',
  'importedVerified',
  'incentivized',
  'featured',
  'pinned',
  'testimonial',
  'imported',
  'importKey',
  'replyContent',
  'repliedAt',
  'createdAt',
].map((c) => `reviews.${c}`);

type Row = Review & { cursorAt: string };

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function exported(r: Row): ExportedReview {
  return {
    id: Number(r.id),
    kind: r.kind,
    productId: r.productId ?? null,
    productHandle: r.productHandle ?? null,
    productTitle: r.productTitle ?? null,
    rating: r.rating,
    title: r.title ?? null,
    content: r.content,
    firstName: r.firstName ?? null,
    lastName: r.lastName ?? null,
    email: r.email ?? null,
    country: r.country ?? null,
    locale: r.locale ?? null,
    variants: r.variants ?? [],
    media: (r.media ?? []).map((m) => ({ url: m.url, type: m.type })),
    source: r.source,
    status: r.status as ReviewStatus,
    verified: r.verified,
    importedVerified: r.importedVerified ?? false,
    incentivized: r.incentivized,
    featured: r.featured,
    pinned: r.pinned,
    testimonial: r.testimonial,
    imported: r.imported,
    importKey: r.importKey ?? null,
    replyContent: r.replyContent ?? null,
    repliedAt: date(r.repliedAt),
    createdAt: date(r.createdAt)!,
  };
}

/** One batch after `after` (the previous batch's last created_at text and id). */
function batch(tenant: Tenant, filters: ExportFilters, size: number, after: [string, number] | null): Promise<Row[]> {
  const qb = filtered(tenant, { tab: filters.tab ?? 'all', rating: filters.rating, productId: filters.productId, from: filters.from, to: filters.to });
  qb.select(...COLUMNS, raw('reviews.created_at::text AS cursor_at'));
  if (after) qb.whereRaw('(reviews.created_at, reviews.id) > (?::timestamptz, ?)', after);
  // a promise, not objection's lazy builder: it runs once, now (a builder runs again on every then)
  return Promise.resolve(qb.orderBy('reviews.created_at', 'asc').orderBy('reviews.id', 'asc').limit(size)) as unknown as Promise<Row[]>;
}

export async function* exportBatches(tenant: Tenant, filters: ExportFilters, batchSize: number = EXPORT_BATCH.default): AsyncGenerator<ExportedReview[]> {
  const size = Math.min(EXPORT_BATCH.max, Math.max(1, Math.floor(batchSize) || EXPORT_BATCH.default));
  let next: Promise<Row[]> | undefined = batch(tenant, filters, size, null);
  while (next) {
    const rows: Row[] = await next;
    const last = rows[rows.length - 1];
    // the next batch is read while the caller writes this one; a failure of it is thrown by the
    // await above on the next turn (marked handled now, so a caller that stops early hears nothing)
    next = rows.length === size ? batch(tenant, filters, size, [last.cursorAt, Number(last.id)]) : undefined;
    next?.catch(() => undefined);
    if (rows.length) yield rows.map(exported);
  }
}

export function reviewExport(): ReviewExportApi {
  return { exportBatches };
}
