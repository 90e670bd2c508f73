import type { Knex } from 'knex';

// What the snapshot sync last wrote to Shopify's metafields, so it writes only what changed: one row
// per product (key review_box) or per shop-wide widget (product_id ''), with the hash of the HTML
// written; key '_shop' keeps the shop's state (feed version and settings) of the last full pass.
export async function up(knex: Knex) {
  await knex.schema.createTable('widget_snapshots', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('id').inTable('shops').onDelete('CASCADE');
    t.text('product_id').notNullable().defaultTo('');
    t.text('key').notNullable();
    t.text('version').notNullable();
    t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'product_id', 'key']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('widget_snapshots');
}
