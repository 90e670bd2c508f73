import type { Knex } from 'knex';

// A review written for a reward (the rewards plugin) or imported with the flag from another app:
// shown with a disclosure on the storefront (16 CFR 255.5) and kept in every export.
export async function up(knex: Knex) {
  await knex.schema.alterTable('reviews', (t) => {
    t.boolean('incentivized').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('reviews', (t) => t.dropColumn('incentivized'));
}
