import type { Knex } from 'knex';

// Issue 32, text messages. `messaging_messages`: every message a provider accepted, by the sender's
// stable key (a repeated send answers it instead of sending twice) and by the provider's id (its
// delivery receipts find the shop and the reference here). `messaging_opt_outs`: the numbers that
// replied STOP (or a local equivalent) per shop, until they reply START.
export async function up(knex: Knex) {
  await knex.schema.createTable('messaging_messages', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('key', 200).notNullable();
    t.string('reference', 200).notNullable();
    t.string('channel', 16).notNullable();
    t.string('provider', 32).notNullable();
    t.string('provider_message_id', 200).notNullable();
    t.string('phone', 32).notNullable();
    t.smallint('segments');
    t.string('status', 16).notNullable().defaultTo('accepted');
    t.string('error_code', 32);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'key']);
    t.unique(['provider', 'provider_message_id']);
    t.index(['shop_id', 'phone']);
  });
  // receipts that arrived before the send recorded their message (a provider may call back within
  // milliseconds of its answer): applied when the message is recorded
  await knex.schema.createTable('messaging_early_receipts', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('provider', 32).notNullable();
    t.string('provider_message_id', 200).notNullable();
    t.string('status', 16).notNullable();
    t.string('error_code', 32);
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'provider', 'provider_message_id', 'status']);
  });
  await knex.schema.createTable('messaging_opt_outs', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('phone', 32).notNullable();
    t.string('keyword', 32).notNullable();
    t.string('provider', 32).notNullable();
    t.timestamp('opted_out_at', { useTz: true }).notNullable();
    t.primary(['shop_id', 'phone']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('messaging_opt_outs');
  await knex.schema.dropTable('messaging_early_receipts');
  await knex.schema.dropTable('messaging_messages');
}
