import type { Knex } from 'knex';

// What the review box shows of a shop's questions changes without a review being written (a question
// edited, an answered review published or hidden): this counter moves then, and the widgets count it
// in their settings version so no cached box outlives it.
export async function up(knex: Knex) {
  await knex.schema.createTable('review_question_versions', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.bigInteger('version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_question_versions');
}
