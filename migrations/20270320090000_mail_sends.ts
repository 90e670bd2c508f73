import type { Knex } from 'knex';

// Mail sends that a crash cannot repeat (api/mail/send-record.ts): one row per message, written
// `sending` before the SMTP transaction and `sent` with the server's answer right after it, so a
// retried activity finds the message sent and does not send it again. No recipient is kept (the key
// is the Message-ID, or a hash when the caller gave none); rows older than 30 days are swept.
export async function up(knex: Knex) {
  await knex.schema.createTable('mail_sends', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('message_key', 998).notNullable();
    t.string('state', 16).notNullable();
    /** SMTP transactions begun for it: more than one means an attempt's outcome was lost (a crash) */
    t.integer('attempts').notNullable().defaultTo(1);
    t.string('response', 1000);
    t.string('provider_message_id', 998);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sending_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.unique(['shop_id', 'message_key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('mail_sends');
}
