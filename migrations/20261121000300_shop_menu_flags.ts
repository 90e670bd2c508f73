import type { Knex } from 'knex';

// Menu visibility flags of spec section 2: shops excluded from the customer-survey offer, and shops
// specially allowed to see the embedded menu.
export async function up(knex: Knex) {
  await knex.schema.alterTable('shops', (t) => {
    t.boolean('survey_excluded').notNullable().defaultTo(false);
    t.boolean('menu_allowed').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('shops', (t) => {
    t.dropColumn('survey_excluded');
    t.dropColumn('menu_allowed');
  });
}
