import type { Knex } from 'knex';

// The catalogue's identifiers the Google feed carries (api/google-product-ids.ts), kept between feed
// fetches: one row per reviewed product the store has; a catalogue version per shop, bumped when a
// products/update or products/delete webhook drops a row, which the feed's ETag follows.
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE TABLE widget_google_product_ids (
      shop_id bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
      product_id text NOT NULL,
      handle text NOT NULL,
      gtins text[] NOT NULL,
      skus text[] NOT NULL,
      brand text,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (shop_id, product_id)
    )`);
  await knex.raw(`
    CREATE TABLE widget_google_catalogues (
      shop_id bigint PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
      version bigint NOT NULL DEFAULT 0
    )`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('widget_google_catalogues');
  await knex.schema.dropTable('widget_google_product_ids');
}
