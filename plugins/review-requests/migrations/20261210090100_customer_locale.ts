import type { Knex } from 'knex';

// The customer's language (the order's locale): request emails and the pages their links open are
// in it (issue 11). Null for orders that did not say; the shop's primary locale applies then.
export async function up(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.string('customer_locale', 16);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.dropColumn('customer_locale');
  });
}
