import type { Knex } from 'knex';

// The language a review is written in (issue 19): detected when it is written, imported or edited
// (the translations plugin, through ReviewTexts), null until then. A BCP-47 base code ('es').
export async function up(knex: Knex) {
  await knex.schema.alterTable('reviews', (t) => {
    t.string('language', 16);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumn('language');
  });
}
