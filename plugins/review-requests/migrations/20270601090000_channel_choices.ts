import type { Knex } from 'knex';

// Issue 32, the thank-you and order-status block (extensions/plaudit-review-channel): the channel the
// customer asked to be reviewed on for one order, with their consent to text messages at the order's
// number, where they chose it and the Shopify customer the extension's session token named (if any).
// One row per order: a later choice replaces it. Kept apart from email_queue, whose only writer is the
// workflow: the choice may come before the order's webhook has opened the queue row.
export async function up(knex: Knex) {
  await knex.schema.createTable('request_channel_choices', (t) => {
    t.increments('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('order_id', 32).notNullable();
    t.string('channel', 16).notNullable();
    t.boolean('consent').notNullable();
    t.string('source', 16).notNullable();
    t.string('customer_gid', 64);
    t.timestamp('chosen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'order_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('request_channel_choices');
}
