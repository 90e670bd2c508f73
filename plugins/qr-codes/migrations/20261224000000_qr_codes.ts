import type { Knex } from 'knex';

// A product's short code (the URL printed on its card: /q/<code>), kept when the product is renamed,
// and per product and day how often its code was scanned and how many reviews came from its page.
// No visitor data: a scan is a count.
export async function up(knex: Knex) {
  await knex.schema.createTable('qr_codes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('product_id', 64).notNullable();
    t.string('code', 16).notNullable().unique();
    t.timestamps(true, true);
    t.unique(['shop_id', 'product_id']);
  });
  await knex.schema.createTable('qr_daily_counts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('product_id', 64).notNullable();
    t.date('day').notNullable();
    t.integer('scans').notNullable().defaultTo(0);
    t.integer('reviews').notNullable().defaultTo(0);
    t.unique(['shop_id', 'product_id', 'day']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('qr_daily_counts');
  await knex.schema.dropTable('qr_codes');
}
