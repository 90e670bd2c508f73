import type { Knex } from 'knex';

// Product groups (issue 33): products a merchant groups so that they share their reviews. A product
// belongs to one group at most (the unique key), so "the reviews a product page shows" has one
// answer. The titles are the catalogue's when the product was added, for the admin list only.
// A per-shop version moves on every change, counted in the widgets' cache keys.
export async function up(knex: Knex) {
  await knex.schema.createTable('product_groups', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.boolean('share_reviews').notNullable().defaultTo(true);
    t.boolean('same_product').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
    t.index(['shop_id', 'id']);
  });
  await knex.schema.createTable('product_group_members', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('group_id').notNullable().references('product_groups.id').onDelete('CASCADE');
    t.string('product_id', 255).notNullable();
    t.string('title', 255).notNullable().defaultTo('');
    t.integer('position').notNullable().defaultTo(0);
    t.primary(['shop_id', 'product_id']);
    t.index(['group_id']);
  });
  await knex.schema.createTable('product_group_versions', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.bigInteger('version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('product_group_versions');
  await knex.schema.dropTable('product_group_members');
  await knex.schema.dropTable('product_groups');
}
