import type { Knex } from 'knex';

// A summary whose push Shopify refuses (a product deleted there still has reviews here) was retried
// at the head of every run, oldest first: two hundred of them, across all shops, filled every batch
// and no other rating reached Shopify again. A refused push now waits before its next try, twice as
// long each time (a minute up to a day), and a success clears the count.
export async function up(knex: Knex) {
  await knex.schema.alterTable('review_summaries', (t) => {
    t.integer('sync_failures').notNullable().defaultTo(0);
    t.timestamp('sync_retry_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('review_summaries', (t) => {
    t.dropColumn('sync_retry_at');
    t.dropColumn('sync_failures');
  });
}
