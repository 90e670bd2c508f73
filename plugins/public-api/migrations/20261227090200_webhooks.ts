import type { Knex } from 'knex';

// Outgoing webhooks (WEBHOOKS.md). A subscription is a shop's endpoint and the topics it wants; its
// signing secret is sealed at rest (AES-GCM, the kernel's `seal`) because the merchant must be able
// to read it again to configure the receiver. `failing_since` is the first failed attempt since the
// endpoint last answered 2xx; `disabled_reason` is 'failing' (switched off automatically, mailed
// once: `disabled_mailed_at`) or 'merchant'.
// A delivery (`outgoing_…`: the kernel's `webhook_deliveries` are Shopify's incoming ones) is one
// event (or test ping) for one subscription; its id is the `Plaudit-Webhook-Id`
// receivers dedupe on, so it never changes, also when the merchant redelivers it. `payload` is the
// body's `data`; `last_response` keeps at most 2 KB of the endpoint's last answer.
export async function up(knex: Knex) {
  await knex.schema.createTable('webhook_subscriptions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('url', 2048).notNullable();
    t.specificType('topics', 'text[]').notNullable();
    t.text('secret').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.string('disabled_reason', 16);
    t.timestamp('disabled_at', { useTz: true });
    t.timestamp('disabled_mailed_at', { useTz: true });
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('failing_since', { useTz: true });
    t.timestamp('last_success_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['shop_id', 'id']);
  });
  await knex.schema.createTable('outgoing_webhook_deliveries', (t) => {
    t.uuid('id').primary();
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('subscription_id').notNullable().references('webhook_subscriptions.id').onDelete('CASCADE');
    t.string('topic', 40).notNullable();
    t.jsonb('payload').notNullable();
    // pending -> delivered | failed; a redelivery makes it pending again
    t.string('status', 12).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    // how many times the merchant redelivered it (each is a workflow of its own: `webhook:<shop>:<id>:r<n>`)
    t.integer('redeliveries').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_response');
    t.string('last_error', 512);
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['shop_id', 'subscription_id', 'created_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('outgoing_webhook_deliveries');
  await knex.schema.dropTable('webhook_subscriptions');
}
