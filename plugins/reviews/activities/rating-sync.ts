// Pushes changed product ratings to Shopify's metafields, a batch at a time. Runs every minute from a
// schedule, so many changes to one product within the minute become one call (debounced).
import type { Knex } from 'knex';
import { type ActivityDeps, NoSessionError } from '@plaudit/kernel';

const BATCH = 200;

/**
 * Summaries of a product changed since their last push (the store's own row, '', has no metafield),
 * unless a refused push made them wait (`postponed`).
 */
const changed = (q: Knex.QueryBuilder) =>
  q
    .where('product_key', '<>', '')
    .where((w) => w.whereNull('synced_at').orWhereRaw('synced_at < updated_at'))
    .where((w) => w.whereNull('sync_retry_at').orWhereRaw('sync_retry_at <= now()'));

/** A refused push waits a minute, then twice as long after each further refusal, up to a day. */
const POSTPONED = `now() + least(interval '1 minute' * power(2, least(sync_failures, 11)), interval '1 day')`;

/** The installed shops among those with changed summaries, by id: the kernel says which are installed. */
async function installedShops(deps: ActivityDeps): Promise<Map<number, string>> {
  // tenancy: a sweep over every shop's changed summaries; only the shop ids are read here
  const ids = await deps.knex('review_summaries').modify(changed).distinct('shop_id as shopId');
  const shops = await deps.shops.many(ids.map((r) => Number(r.shopId)));
  return new Map(shops.filter((s) => !s.uninstalled).map((s) => [s.id, s.domain]));
}

/** Batches one call may set aside whole before it answers 0 (the workflow's run then ends). */
const REFUSED_BATCHES = 5;

/**
 * Pushes the next batch; a batch Shopify refused whole is set aside and the next one tried at once,
 * so refusals do not end the workflow's run (it stops at the first call that pushed nothing).
 */
export async function syncRatings(deps: ActivityDeps): Promise<number> {
  const platform = deps.platform;
  if (!platform) return 0;
  for (let i = 0; i < REFUSED_BATCHES; i++) {
    const { pushed, tried } = await syncBatch(deps, platform);
    if (pushed > 0 || tried === 0) return pushed;
  }
  return 0;
}

async function syncBatch(deps: ActivityDeps, platform: NonNullable<ActivityDeps['platform']>): Promise<{ pushed: number; tried: number }> {
  const shops = await installedShops(deps);
  if (shops.size === 0) return { pushed: 0, tried: 0 };
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
      await platform.adminApi(shop).setProductRating(r.productKey, average, r.count);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, shop, product: r.productKey }, 'rating metafields not updated');
      // A shop without a usable token waits for its next install and next change; other errors retry
      // later, behind the rest (else enough of them would fill every batch).
      if (!(err instanceof NoSessionError)) {
        await postpone(deps, r.id);
        continue;
      }
    }
    // Only if nothing changed meanwhile; a newer change is pushed on the next run.
    // tenancy: the summary row just pushed, by id
    await deps
      .knex('review_summaries')
      .where({ id: r.id })
      .whereRaw('updated_at = ?::timestamptz', [r.updatedAt])
      .update({ syncedAt: deps.knex.raw('updated_at'), syncFailures: 0, syncRetryAt: null });
    pushed += 1;
  }
  return { pushed, tried: rows.length };
}

async function postpone(deps: ActivityDeps, id: number) {
  // tenancy: the summary row whose push was refused, by id
  await deps
    .knex('review_summaries')
    .where({ id })
    .update({ syncRetryAt: deps.knex.raw(POSTPONED), syncFailures: deps.knex.raw('sync_failures + 1') });
}
