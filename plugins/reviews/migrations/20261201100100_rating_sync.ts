import type { Knex } from 'knex';

// Product ratings go to Shopify's reviews.rating / reviews.rating_count metafields; a summary whose
// updated_at is past its synced_at still has to go.
export async function up(knex: Knex) {
  await knex.schema.alterTable('review_summaries', (t) => {
    t.timestamp('synced_at', { useTz: true });
  });
  await knex.raw(
    `CREATE INDEX review_summaries_unsynced ON review_summaries (updated_at) WHERE product_key <> '' AND (synced_at IS NULL OR synced_at < updated_at)`,
  );
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS review_summaries_unsynced');
  await knex.schema.alterTable('review_summaries', (t) => {
    t.dropColumn('synced_at');
  });
}
