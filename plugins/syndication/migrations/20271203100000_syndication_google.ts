import type { Knex } from 'knex';

// The Google Merchant API push (issue 34): per review, where it stands on Google (its ProductReview's
// resource name, the last outcome); per shop, the push's last sync and error and its re-sync's progress.
export async function up(knex: Knex) {
  await knex.schema.createTable('syndication_google_items', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    // synced (Google holds it) | removed (it does not, on purpose) | failed (Google refused it)
    t.string('state', 8).notNullable();
    // accounts/{account}/productReviews/{id}, as Google named it
    t.string('name', 300);
    t.string('reason', 500);
    t.timestamp('synced_at', { useTz: true }).notNullable();
    t.unique(['shop_id', 'review_id']);
    t.index(['shop_id', 'state']);
  });
  await knex.schema.alterTable('syndication_shops', (t) => {
    t.timestamp('google_last_sync_at', { useTz: true });
    t.string('google_last_error', 500);
    t.timestamp('google_last_error_at', { useTz: true });
    t.string('google_backfill_run', 40);
    t.integer('google_backfill_checked').notNullable().defaultTo(0);
    t.timestamp('google_backfill_started_at', { useTz: true });
    t.timestamp('google_backfill_finished_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('syndication_google_items');
  await knex.schema.alterTable('syndication_shops', (t) => {
    t.dropColumns(
      'google_last_sync_at',
      'google_last_error',
      'google_last_error_at',
      'google_backfill_run',
      'google_backfill_checked',
      'google_backfill_started_at',
      'google_backfill_finished_at',
    );
  });
}
