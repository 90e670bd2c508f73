// The query behind ReviewPolicy (contracts/reviews/policy.ts): the shop's published reviews that
// shoppers did not write here, by source (imported ones, and the merchant's own); demo reviews left out.
import type { Tenant } from '@plaudit/kernel';
import { Review } from './review.model';

export async function publishedNotByShoppers(tenant: Tenant): Promise<{ imported: Record<string, number>; admin: number }> {
  const rows = (await tenant
    .query(Review)
    .where({ status: 'published', demo: false })
    .where((qb) => qb.where('imported', true).orWhere('source', 'admin'))
    .groupBy('source', 'imported')
    .select('source', 'imported')
    .count({ n: '*' })) as unknown as { source: string; imported: boolean; n: string | number }[];
  const imported: Record<string, number> = {};
  let admin = 0;
  for (const r of rows) {
    if (r.imported) imported[r.source] = (imported[r.source] ?? 0) + Number(r.n);
    else admin += Number(r.n);
  }
  return { imported, admin };
}
