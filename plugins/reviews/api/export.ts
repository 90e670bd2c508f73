// Export of published reviews (at most 10,000) as CSV or XML. Cells that a spreadsheet would run
// as formulas are prefixed with a quote.
import { neutraliseFormula, type Tenant } from '@plaudit/kernel';
import { EXPORT_MAX } from '../shared/review';
import { filtered } from './list';
import type { Review } from '../db/review.model';

const COLUMNS = [
  'id',
  'productId',
  'productHandle',
  'productTitle',
  'kind',
  'rating',
  'title',
  'content',
  'firstName',
  'lastName',
  'email',
  'country',
  'locale',
  'source',
  'verified',
  'incentivized',
  'featured',
  'pinned',
  'testimonial',
  'replyContent',
  'repliedAt',
  'media',
  'createdAt',
] as const satisfies readonly (keyof Review)[];

function cell(r: Review, c: (typeof COLUMNS)[number]): string {
  const v: unknown = r[c];
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (c === 'media') return (v as { url: string }[]).map((m) => m.url).join(' ');
  return String(v);
}

function csvCell(s: string): string {
  const safe = neutraliseFormula(s);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function xmlText(s: string): string {
  // characters XML 1.0 cannot carry are dropped
  return s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export async function exportReviews(tenant: Tenant, format: 'csv' | 'xml'): Promise<string> {
  const rows = await filtered(tenant, { tab: 'published' }).orderBy('reviews.created_at', 'desc').orderBy('reviews.id', 'desc').limit(EXPORT_MAX);
  if (format === 'csv') {
    const lines = [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => csvCell(cell(r, c))).join(','))];
    return `${lines.join('\r\n')}\r\n`;
  }
  const items = rows.map((r) => `  <review>\n${COLUMNS.map((c) => `    <${c}>${xmlText(cell(r, c))}</${c}>`).join('\n')}\n  </review>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<reviews>\n${items.join('\n')}\n</reviews>\n`;
}
