import type { Knex } from 'knex';

// The storefront answers every API process shares (api/shared-answers.ts): one row per shop and URL
// (first pages only), labelled with the versions it was rendered under. UNLOGGED: a cache, cheaper to
// write, emptied by a crash without harm (the next read renders again).
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE UNLOGGED TABLE widget_answers (
      shop_id bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
      key text NOT NULL,
      versions text NOT NULL,
      etag text NOT NULL,
      type text NOT NULL,
      headers jsonb NOT NULL,
      body bytea NOT NULL,
      stored_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (shop_id, key)
    )`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('widget_answers');
}
