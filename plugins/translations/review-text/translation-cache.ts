// Translations kept per review, target language and provider (review_translations). A row is good
// while its source_hash matches the review's words: an edit makes it stale even before the edit
// event has deleted it.
import crypto from 'node:crypto';
import type { Tenant } from '@plaudit/kernel';

const TABLE = 'review_translations';

export interface CachedTranslation {
  reviewId: number;
  sourceHash: string;
  title: string | null;
  content: string;
}

export const sourceHash = (title: string | null, content: string) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([title ?? '', content]))
    .digest('hex');

export async function cachedTranslations(tenant: Tenant, ids: number[], language: string, provider: string): Promise<Map<number, CachedTranslation>> {
  if (!ids.length) return new Map();
  const rows = (await tenant
    .table(TABLE)
    .whereIn('review_id', ids)
    .where({ language, provider })
    .select('reviewId', 'sourceHash', 'title', 'content')) as CachedTranslation[];
  return new Map(rows.map((r) => [Number(r.reviewId), r]));
}

export async function storeTranslation(tenant: Tenant, row: CachedTranslation & { language: string; provider: string }): Promise<void> {
  await tenant
    .insertInto(TABLE, { ...row, createdAt: new Date() })
    .onConflict(['shop_id', 'review_id', 'language', 'provider'])
    .merge(['source_hash', 'title', 'content', 'created_at']);
}

/** An edited (or deleted) review's translations: gone, in every language and provider. */
export async function forgetTranslations(tenant: Tenant, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return tenant.table(TABLE).whereIn('review_id', ids).delete();
}

/** How many of these reviews have a translation into `language` by `provider`. */
export async function countTranslated(tenant: Tenant, language: string, provider: string): Promise<number> {
  const [{ n }] = (await tenant.table(TABLE).where({ language, provider }).count({ n: '*' })) as { n: string }[];
  return Number(n);
}
