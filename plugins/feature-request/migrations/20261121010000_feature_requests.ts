import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('feature_requests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('title', 120).notNullable();
    t.text('description').notNullable();
    t.string('status', 16).notNullable().defaultTo('received');
    t.timestamps(true, true);
    t.index(['shop_id', 'id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('feature_requests');
}
