import type { Knex } from 'knex';

// Store-platform tables: every webhook received (dedupe key and durable hand-over to the worker)
// and the exports that customers/data_request produces.
export async function up(knex: Knex) {
  await knex.schema.alterTable('shops', (t) => {
    // Shopify's shop id exceeds 2^53: kept as text.
    t.string('platform_shop_id', 64);
    t.boolean('is_development_store').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.string('shop_domain', 255).notNullable();
    t.string('webhook_id', 255).notNullable();
    t.string('topic', 128).notNullable();
    t.string('api_version', 32);
    t.string('event_id', 255);
    t.timestamp('triggered_at', { useTz: true });
    // The raw body as text: REST ids exceed 2^53 and must not pass through JSON numbers.
    t.text('payload').notNullable();
    t.string('status', 16).notNullable().defaultTo('received');
    t.text('error');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('processed_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['shop_domain', 'webhook_id']);
    t.index(['shop_domain', 'topic', 'created_at']);
  });

  await knex.schema.createTable('data_requests', (t) => {
    t.bigIncrements('id');
    t.string('shop_domain', 255).notNullable();
    t.string('request_id', 64);
    t.string('customer_id', 64);
    t.string('customer_email', 320);
    t.jsonb('export').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.index(['shop_domain']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('data_requests');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.alterTable('shops', (t) => {
    t.dropColumn('platform_shop_id');
    t.dropColumn('is_development_store');
  });
}
