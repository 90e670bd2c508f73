import type { Knex } from 'knex';

// Groups by metafield (issue 33): the catalogue's products whose metafield `namespace.key` has the
// value in `match`. The namespace and key are Shopify's (3-255 and 2-64 characters); empty for the
// other kinds. Members are product_group_members rows like every group's.
export async function up(knex: Knex) {
  await knex.schema.alterTable('product_groups', (t) => {
    t.string('metafield_namespace', 255).notNullable().defaultTo('');
    t.string('metafield_key', 64).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('product_groups', (t) => {
    t.dropColumn('metafield_key');
    t.dropColumn('metafield_namespace');
  });
}
