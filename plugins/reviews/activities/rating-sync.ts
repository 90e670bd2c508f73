// Pushes changed product ratings to Shopify's metafields, a batch at a time. Runs every minute from a
// schedule, so many changes to one product within the minute become one call (debounced).
import { NoSessionError } from '../../../api/platform/token-store';
import type { ActivityDeps } from '../../../workflows/plugin';

const BATCH = 200;

export async function syncRatings(deps: ActivityDeps): Promise<number> {
  if (!deps.platform) return 0;
  // tenancy: a sweep over every shop's changed summaries, each pushed to its own shop below
  const rows = await deps.knex('review_summaries as s')
    .join('shops as sh', 'sh.id', 's.shop_id')
    .whereNull('sh.uninstalled_at')
    .where('s.product_key', '<>', '')
    .where((w) => w.whereNull('s.synced_at').orWhereRaw('s.synced_at < s.updated_at'))
    .orderBy('s.updated_at')
    .limit(BATCH)
    // tenancy: same sweep; updated_at as text so microseconds survive the round trip (a JS Date drops them)
    .select('s.id', 's.product_key as productKey', 's.count', 's.rating_sum as ratingSum', deps.knex.raw('s.updated_at::text as "updatedAt"'), 'sh.shopify_domain as shop');
  let pushed = 0;
  for (const r of rows) {
    const average = r.count ? r.ratingSum / r.count : 0;
    try {
      await deps.platform.adminApi(r.shop).setProductRating(r.productKey, average, r.count);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, shop: r.shop, product: r.productKey }, 'rating metafields not updated');
      // A shop without a usable token waits for its next install and next change; other errors retry.
      if (!(err instanceof NoSessionError)) continue;
    }
    // Only if nothing changed meanwhile; a newer change is pushed on the next run.
    // tenancy: the summary row just pushed, by id
    await deps.knex('review_summaries').where({ id: r.id }).whereRaw('updated_at = ?::timestamptz', [r.updatedAt]).update({ syncedAt: deps.knex.raw('updated_at') });
    pushed += 1;
  }
  return pushed;
}
