import type { Knex } from 'knex';

// How far the batch detection of review languages has gone in each shop (issue 19): the highest
// review id it has looked at. Reviews written through an event are detected by their event; imported
// ones (no event) by the `translations-detect-languages` schedule, which reads only the reviews past
// this mark, so a review too short to tell (it stays without a language) is looked at once, not on
// every run.
export async function up(knex: Knex) {
  await knex.schema.createTable('review_language_scans', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.bigInteger('last_review_id').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_language_scans');
}
