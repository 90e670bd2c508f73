// The queries behind ReviewTexts (contracts/reviews.ts).
import type { Tenant } from '@plaudit/kernel';
import type { ReviewStatus, ReviewText, ReviewTextFacts, ReviewTextsApi } from '@plaudit/contracts/reviews';
import { Review } from './review.model';

const COLUMNS = ['id', 'title', 'content', 'language', 'status'] as const;
const row = (r: Review): ReviewText => ({
  id: r.id,
  title: r.title ?? null,
  content: r.content,
  language: r.language ?? null,
  status: r.status as ReviewStatus,
});

// Whole shops are read through this (a million rows): plain rows, not models.
const FACT_COLUMNS = [...COLUMNS, 'productId', 'rating', 'createdAt', 'publishedAt'] as const;
type FactRow = Pick<Review, (typeof FACT_COLUMNS)[number]> & { id: number | string; publishedAt: Date | null; createdAt: Date };
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const factRow = (r: FactRow): ReviewTextFacts => ({
  id: Number(r.id),
  title: r.title ?? null,
  content: r.content,
  language: r.language ?? null,
  status: r.status as ReviewStatus,
  productId: r.productId ?? null,
  rating: r.rating,
  createdAt: iso(r.createdAt)!,
  publishedAt: iso(r.publishedAt),
});
const facts = (tenant: Tenant) => tenant.table('reviews').select(...FACT_COLUMNS);
const MAX_PAGE = 5_000;

export const reviewTexts: ReviewTextsApi = {
  async read(tenant, ids) {
    if (!ids.length) return [];
    return (
      await tenant
        .query(Review)
        .whereIn('id', ids)
        .select(...COLUMNS)
    ).map(row);
  },
  async setLanguage(tenant, id, language) {
    // a patch of the language alone: not an edit (no event, and updated_at's trigger sees a change
    // only of this column, which the analytics sweep ignores harmlessly)
    await tenant.query(Review).findById(id).patch({ language });
  },
  async published(tenant, afterId, limit) {
    return (
      await tenant
        .query(Review)
        .where('status', 'published')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .select(...COLUMNS)
    ).map(row);
  },
  async countPublished(tenant) {
    const [{ n }] = (await tenant.query(Review).where('status', 'published').count({ n: '*' })) as unknown as { n: string }[];
    return Number(n);
  },
  async undetected(tenant, afterId, limit) {
    return (
      await tenant
        .query(Review)
        .whereNull('language')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .select(...COLUMNS)
    ).map(row);
  },
  async readFacts(tenant, ids) {
    if (!ids.length) return [];
    return ((await facts(tenant).whereIn('id', ids)) as FactRow[]).map(factRow);
  },
  async pageFacts(tenant, afterId, limit) {
    const rows = (await facts(tenant)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(Math.min(Math.max(1, limit), MAX_PAGE))) as FactRow[];
    return rows.map(factRow);
  },
  async countAll(tenant) {
    const [{ n }] = (await tenant.table('reviews').count({ n: '*' })) as { n: string }[];
    return Number(n);
  },
};
