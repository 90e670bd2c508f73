// Per shop: the timezone its rollups are counted in and whether a rebuild is under way; globally:
// the fold's watermark (changes up to it are in the rollups).
import type { Knex } from 'knex';

export interface ShopRollupState {
  shopId: number;
  shopDomain: string;
  timezone: string;
  state: 'rebuilding' | 'ready';
  rebuiltAt: Date | null;
}

export async function shopState(knex: Knex, shopId: number): Promise<ShopRollupState | undefined> {
  // tenancy: the state row's key is the shop id itself
  return knex('analytics_shops').where({ shopId }).first();
}

/** Marks the shop as being rebuilt in `timezone`. */
export async function markRebuilding(knex: Knex, shopId: number, shopDomain: string, timezone: string) {
  // tenancy: the state row's key is the shop id itself
  await knex('analytics_shops')
    .insert({ shopId, shopDomain, timezone, state: 'rebuilding' })
    .onConflict('shop_id')
    .merge({ timezone, state: 'rebuilding', updatedAt: knex.fn.now() });
}

export async function markReady(knex: Knex, shopId: number, timezone: string) {
  // tenancy: the state row's key is the shop id itself
  await knex('analytics_shops').where({ shopId, timezone }).update({ state: 'ready', rebuiltAt: knex.fn.now(), updatedAt: knex.fn.now() });
}

export async function readWatermark(knex: Knex): Promise<Date | undefined> {
  // tenancy: the fold's one watermark is global (it sweeps every shop)
  return (await knex('analytics_fold').where({ id: 1 }).first())?.watermark;
}

export async function writeWatermark(knex: Knex, watermark: Date) {
  // tenancy: the fold's one watermark is global
  await knex('analytics_fold').insert({ id: 1, watermark }).onConflict('id').merge();
}

/** Every shop whose rollups exist, for a backfill of all. */
export async function countedShops(knex: Knex): Promise<string[]> {
  // tenancy: the ops command rebuilds every counted shop
  return (await knex('analytics_shops').orderBy('shop_id').select('shop_domain')).map((r: { shopDomain: string }) => r.shopDomain);
}
