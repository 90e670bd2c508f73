import type { Knex } from 'knex';

// Third-party apps a shop connected (Klaviyo, Omnisend, Smile.io ...; api/kernel/integrations.ts):
// one row per shop and app with its status and its credentials sealed with the encryption key.
export async function up(knex: Knex) {
  await knex.schema.createTable('integrations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('app', 40).notNullable();
    t.string('status', 16).notNullable(); // connected | disconnected
    t.text('credentials'); // sealed JSON; null once disconnected
    t.timestamp('connected_at', { useTz: true });
    t.timestamp('disconnected_at', { useTz: true });
    // why the app disconnected by itself (a revoked key), shown to the merchant; null when they did it
    t.text('reason');
    t.timestamps(true, true);
    t.unique(['shop_id', 'app']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('integrations');
}
