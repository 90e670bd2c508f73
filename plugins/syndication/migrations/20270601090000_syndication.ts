import type { Knex } from 'knex';

// syndication_items: per review, where it stands on Shopify (its product_review metaobject, the last
// outcome). syndication_shops: per shop, the Meta feed's secret token and the last sync and error.
export async function up(knex: Knex) {
  await knex.schema.createTable('syndication_items', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    // synced (a metaobject holds it) | removed (none does, on purpose) | failed (Shopify refused it)
    t.string('state', 8).notNullable();
    t.string('metaobject_id', 100);
    // why it is not on Shopify (ineligible) or Shopify's refusal
    t.string('reason', 500);
    t.timestamp('synced_at', { useTz: true }).notNullable();
    t.unique(['shop_id', 'review_id']);
    t.index(['shop_id', 'state']);
  });
  await knex.schema.createTable('syndication_shops', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.string('meta_token', 64).notNullable().unique();
    t.timestamp('last_sync_at', { useTz: true });
    t.string('last_error', 500);
    t.timestamp('last_error_at', { useTz: true });
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('syndication_items');
  await knex.schema.dropTable('syndication_shops');
}
