// GET /api/imports/export's query (and the CLI's options): the format, the file type and the review
// list's filters. Messages are spec section 5's catalogue ('Invalid date value', 'Invalid date value
// range'); anything else refused is 'The value is invalid'.
import { z } from 'zod';
import type { ExportFilters } from '@plaudit/contracts/reviews';
import { EXPORT_FORMATS } from './columns';

export const EXPORT_TYPES = ['csv', 'xlsx'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_TABS = ['all', 'published', 'unpublished', 'trash'] as const;
/** What is exported: the reviews, the questions and answers (Plaudit's Q&A CSV only), or the product groups (CSV of group, product) */
export const EXPORT_CONTENTS = ['reviews', 'questions', 'groups'] as const;

export const EXPORT_MESSAGES = {
  invalid: 'The value is invalid',
  date: 'Invalid date value',
  range: 'Invalid date value range',
  failed: 'Failed to export reviews',
} as const;

const invalid = { error: EXPORT_MESSAGES.invalid };
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day (not 2026-02-30, which Date would roll over into March). */
function isCalendarDay(y: string, m: string, d: string): boolean {
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
}

/**
 * A day (YYYY-MM-DD, UTC; `end` takes its last millisecond so the day is included) or an instant
 * (ISO 8601 with Z or an offset, as the review list's admin sends its local midnights).
 */
function instant(end: boolean) {
  return z
    .string(invalid)
    .trim()
    .transform((v, ctx) => {
      const parts = DAY.exec(v) ?? DATE_TIME.exec(v);
      const at = parts && isCalendarDay(parts[1], parts[2], parts[3]) ? new Date(DAY.test(v) ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : v) : null;
      if (!at || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: EXPORT_MESSAGES.date });
        return z.NEVER;
      }
      return at;
    });
}

/** `a,b,c` (or a repeated parameter) as a list; empty means no filter. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? undefined
        : (Array.isArray(v) ? v : [v])
            .flatMap((x) => String(x).split(','))
            .map((x) => x.trim())
            .filter(Boolean),
    z.array(item).max(250, invalid).optional(),
  );

const productId = z.string().regex(/^[\w:/.-]{1,255}$/, invalid);
const rating = z.coerce.number(invalid).int(invalid).min(1, invalid).max(5, invalid);

export const exportQuery = z
  .object({
    content: z.enum(EXPORT_CONTENTS, invalid).default('reviews'),
    format: z.enum(EXPORT_FORMATS, invalid).default('plaudit'),
    type: z.enum(EXPORT_TYPES, invalid).default('csv'),
    tab: z.enum(EXPORT_TABS, invalid).default('all'),
    rating: list(rating),
    productId: list(productId),
    from: instant(false).optional(),
    to: instant(true).optional(),
  })
  // questions and answers, and groups, have one file each: a CSV in Plaudit's format
  .refine((q) => q.content === 'reviews' || q.type === 'csv', { path: ['type'], message: EXPORT_MESSAGES.invalid })
  .refine((q) => q.content === 'reviews' || q.format === 'plaudit', { path: ['format'], message: EXPORT_MESSAGES.invalid })
  .refine((q) => !(q.from instanceof Date) || !(q.to instanceof Date) || q.from.getTime() <= q.to.getTime(), { path: ['to'], message: EXPORT_MESSAGES.range });

export type ExportQuery = z.infer<typeof exportQuery>;

/** The query's filters, in `ReviewExport`'s shape. */
export function filtersOf(q: ExportQuery): ExportFilters {
  return { tab: q.tab, rating: q.rating, productId: q.productId, from: q.from, to: q.to };
}
