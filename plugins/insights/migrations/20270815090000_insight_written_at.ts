import type { Knex } from 'knex';

// When each review read was written (issue 35, analytics' topics over time): the review's created
// instant as the reviews plugin keeps it (an imported review's original date), so complaints are
// counted on the local day the customer wrote them. Filled whenever a review is read (the event
// path and the rebuild, db/read-reviews.ts). Rows read before this column existed keep null until
// their next read: this plugin never reads the reviews' tables, and a migration has no capability
// to ask, so `insights:rebuild` fills a shop at once (README, "Topics over time").
export async function up(knex: Knex) {
  await knex.schema.alterTable('insight_reviews', (t) => {
    t.timestamp('written_at', { useTz: true });
  });
  // the analytics range reads: a shop's published reviews by written instant
  await knex.raw('CREATE INDEX insight_reviews_written ON insight_reviews (shop_id, written_at) WHERE published');
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX insight_reviews_written');
  await knex.schema.alterTable('insight_reviews', (t) => {
    t.dropColumn('written_at');
  });
}
