// The review box's stored summaries written by a model (insight_product_summaries), one per product
// and shopper language, and the published-review counts they are judged by. Storing, replacing and
// dropping one bumps the shop's insights version (the table's trigger), so cached boxes drop.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const SUMMARIES = 'insight_product_summaries';
const REVIEWS = 'insight_reviews';
const SETTINGS = 'insight_settings';

export interface StoredSummary {
  /** null: the last answer was refused (the box quotes sentences) */
  text: string | null;
  language: string;
  reviews: number;
  generatedAt: Date;
}

export async function storedSummary(tenant: Tenant, productId: string, language: string): Promise<StoredSummary | undefined> {
  return tenant.table(SUMMARIES).where({ productId, language }).first('text', 'language', 'reviews', 'generatedAt');
}

export async function storeSummary(
  knex: Knex,
  tenant: Tenant,
  row: { productId: string; language: string; text: string | null; reviews: number; provider: string; model: string },
): Promise<void> {
  await tenant
    .insertInto(SUMMARIES, { ...row, generatedAt: knex.fn.now() })
    .onConflict(['shop_id', 'product_id', 'language'])
    .merge();
}

/** the box may show a summary: the shop turned it on and has a model connected (read on the storefront's path) */
export async function summaryOn(tenant: Tenant): Promise<boolean> {
  const row = await tenant.table(SETTINGS).first('storefrontSummary', 'provider');
  return !!row?.storefrontSummary && row.provider !== 'none';
}

/** published reviews per product, those with at least `min`, most first; only `productIds` when given */
export async function productsToSummarise(tenant: Tenant, productIds: string[] | null, min: number, limit: number) {
  const q = tenant.table(REVIEWS).where('published', true).whereNotNull('product_id');
  if (productIds) q.whereIn('product_id', productIds);
  const rows = (await q
    .groupBy('product_id')
    .havingRaw('count(*) >= ?', [min])
    .orderByRaw('count(*) desc, product_id')
    .limit(limit)
    .select('product_id as productId')
    .count({ reviews: '*' })) as { productId: string; reviews: string | number }[];
  return rows.map((r) => ({ productId: r.productId, reviews: Number(r.reviews) }));
}

/** the product's published reviews by their language, most first */
export async function reviewLanguages(tenant: Tenant, productId: string): Promise<{ language: string; reviews: number }[]> {
  const rows = (await tenant
    .table(REVIEWS)
    .where({ productId, published: true })
    .whereNotNull('language')
    .groupBy('language')
    .orderByRaw('count(*) desc, language')
    .select('language')
    .count({ reviews: '*' })) as { language: string; reviews: string | number }[];
  return rows.map((r) => ({ language: r.language, reviews: Number(r.reviews) }));
}

export async function publishedCount(tenant: Tenant, productId: string): Promise<number> {
  const row = (await tenant.table(REVIEWS).where({ productId, published: true }).count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}
