import type { Knex } from 'knex';

// Single-use signed links (the photo link of the photo reminder): a link's hash is stored when it is
// used, in the same transaction as what it did; a second use meets the unique index.
export async function up(knex: Knex) {
  await knex.schema.createTable('used_review_links', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable().references('reviews.id').onDelete('CASCADE');
    t.string('purpose', 16).notNullable();
    t.string('token_hash', 64).notNullable();
    t.timestamp('used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'token_hash']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('used_review_links');
}
