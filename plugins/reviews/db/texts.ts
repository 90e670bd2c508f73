// The queries behind ReviewTexts (contracts/reviews.ts).
import type { ReviewStatus, ReviewText, ReviewTextsApi } from '@plaudit/contracts/reviews';
import { Review } from './review.model';

const COLUMNS = ['id', 'title', 'content', 'language', 'status'] as const;
const row = (r: Review): ReviewText => ({
  id: r.id,
  title: r.title ?? null,
  content: r.content,
  language: r.language ?? null,
  status: r.status as ReviewStatus,
});

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
};
