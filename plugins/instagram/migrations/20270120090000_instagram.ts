import type { Knex } from 'knex';

// The shop's connected Instagram account (its long-lived token sealed at rest, never sent to a
// browser), the pending OAuth states (CSRF: one per connect attempt, bound to the shop, single use),
// and the synced posts with their pictures re-hosted by us, hidden flag and tagged products.
export async function up(knex: Knex) {
  await knex.schema.createTable('instagram_accounts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().unique().references('shops.id').onDelete('CASCADE');
    t.string('status', 16).notNullable(); // connected | disconnected
    t.string('ig_user_id', 64).notNullable();
    t.string('username', 64).notNullable();
    t.string('account_type', 32);
    t.text('token_sealed');
    t.timestamp('token_issued_at', { useTz: true });
    t.timestamp('token_expires_at', { useTz: true });
    t.timestamp('connected_at', { useTz: true });
    t.timestamp('disconnected_at', { useTz: true });
    t.text('reason');
    t.string('sync_status', 16).notNullable().defaultTo('idle'); // idle | syncing | failed
    t.timestamp('last_sync_at', { useTz: true });
    t.text('last_sync_error');
    t.timestamps(true, true);
    t.index(['status', 'token_issued_at']);
  });
  await knex.schema.createTable('instagram_oauth_states', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('state_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('instagram_posts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('media_id', 64).notNullable();
    t.string('media_type', 16).notNullable();
    t.text('caption');
    t.text('permalink');
    t.timestamp('posted_at', { useTz: true });
    t.jsonb('pictures').notNullable().defaultTo('[]');
    t.boolean('hidden').notNullable().defaultTo(false);
    t.jsonb('products').notNullable().defaultTo('[]');
    t.timestamps(true, true);
    t.unique(['shop_id', 'media_id']);
    t.index(['shop_id', 'posted_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('instagram_posts');
  await knex.schema.dropTable('instagram_oauth_states');
  await knex.schema.dropTable('instagram_accounts');
}
