// Pushes changed product ratings to Shopify's metafields, a batch at a time. Runs every minute from a
// schedule, so many changes to one product within the minute become one call (debounced).
import type { Knex } from 'knex';
import { type ActivityDeps, NoSessionError } from '@plaudit/kernel';

const BATCH = 200;

/** Summaries of a product changed since their last push (the store's own row, '', has no metafield). */
const changed = (q: Knex.QueryBuilder) => q.where('product_key', '<>', '').where((w) => w.whereNull('synced_at').orWhereRaw('synced_at < updated_at'));

/** The installed shops among those with changed summaries, by id: the kernel says which are installed. */
async function installedShops(deps: ActivityDeps): Promise<Map<number, string>> {
  // tenancy: a sweep over every shop's changed summaries; only the shop ids are read here
  const ids = await deps.knex('review_summaries').modify(changed).distinct('shop_id as shopId');
  const shops = await deps.shops.many(ids.map((r) => Number(r.shopId)));
  return new Map(shops.filter((s) => !s.uninstalled).map((s) => [s.id, s.domain]));
}

export async function syncRatings(deps: ActivityDeps): Promise<number> {
  if (!deps.platform) return 0;
  const shops = await installedShops(deps);
  if (shops.size === 0) return 0;
  // tenancy: the same sweep over the installed shops above, each summary pushed to its own shop below
  const rows = await deps
    .knex('review_summaries')
    .whereRaw('shop_id = any(?::bigint[])', [[...shops.keys()]])
    .modify(changed)
    .orderBy('updated_at')
    .limit(BATCH)
    // tenancy: same sweep; updated_at as text so microseconds survive the round trip (a JS Date drops them)
    .select('id', 'shop_id as shopId', 'product_key as productKey', 'count', 'rating_sum as ratingSum', deps.knex.raw('updated_at::text as "updatedAt"'));
  let pushed = 0;
  for (const r of rows) {
    const shop = shops.get(Number(r.shopId))!;
    const average = r.count ? r.ratingSum / r.count : 0;
    try {
      await deps.platform.adminApi(shop).setProductRating(r.productKey, average, r.count);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, shop, product: r.productKey }, 'rating metafields not updated');
      // A shop without a usable token waits for its next install and next change; other errors retry.
      if (!(err instanceof NoSessionError)) continue;
    }
    // Only if nothing changed meanwhile; a newer change is pushed on the next run.
    // tenancy: the summary row just pushed, by id
    await deps
      .knex('review_summaries')
      .where({ id: r.id })
      .whereRaw('updated_at = ?::timestamptz', [r.updatedAt])
      .update({ syncedAt: deps.knex.raw('updated_at') });
    pushed += 1;
  }
  return pushed;
}
