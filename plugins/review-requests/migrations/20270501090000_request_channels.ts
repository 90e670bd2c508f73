import type { Knex } from 'knex';

// Issue 32, SMS and WhatsApp requests. From the order: the customer's phone and Shopify's SMS
// marketing consent for it. From the send: the channel that carried the request (email unless a
// message did), its provider and message id, the text sent, every channel tried before it with the
// reason it refused. From the provider's receipts: the message's delivery status (beside `status`,
// which stays the workflow's: README "Delivery receipts").
export async function up(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.string('customer_phone', 32);
    t.string('sms_consent', 16);
    t.string('channel', 16).notNullable().defaultTo('email');
    t.string('channel_provider', 32);
    t.string('channel_message_id', 200);
    t.text('channel_text');
    t.jsonb('channel_attempts');
    t.string('delivery_status', 16);
    t.timestamp('delivery_updated_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.dropColumns(
      'customer_phone',
      'sms_consent',
      'channel',
      'channel_provider',
      'channel_message_id',
      'channel_text',
      'channel_attempts',
      'delivery_status',
      'delivery_updated_at',
    );
  });
}
