import type { Knex } from 'knex';

// Rule groups (issue 33): a group whose products are the catalogue's with a tag (`tag`) or with a
// variant SKU starting with a prefix (`skuPrefix`), kept in step by the product webhooks. Existing
// groups are the merchant's choice (`manual`). A rule group's members are rows of
// product_group_members like a manual group's, so "one group per product" stays the primary key's.
export async function up(knex: Knex) {
  await knex.schema.alterTable('product_groups', (t) => {
    t.string('kind', 20).notNullable().defaultTo('manual');
    t.string('match', 255).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('product_groups', (t) => {
    t.dropColumn('match');
    t.dropColumn('kind');
  });
}
