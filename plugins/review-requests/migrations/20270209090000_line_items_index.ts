import type { Knex } from 'knex';

// The buyers of a product (api/buyers.ts, questions' "ask the community") are found by
// `line_items @> [{ productId }]`: a GIN index with jsonb_path_ops answers exactly that operator and
// is the smallest GIN kind. Built CONCURRENTLY, outside a transaction, so a large queue keeps taking
// writes while it builds.
export const config = { transaction: false };

export async function up(knex: Knex) {
  await knex.raw('CREATE INDEX CONCURRENTLY IF NOT EXISTS email_queue_line_items ON email_queue USING gin (line_items jsonb_path_ops)');
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS email_queue_line_items');
}
