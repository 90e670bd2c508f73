import type { Knex } from 'knex';

// The email queue: the projection of review-request workflows for fast, filterable lists.
// Activities are its only writer. Platform ids (orders, customers, products) are text: past 2^53.
export async function up(knex: Knex) {
  await knex.schema.createTable('email_queue', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('order_id', 32).notNullable();
    t.string('name', 64);
    t.string('type', 32).notNullable().defaultTo('review-reminder');
    t.string('queue_type', 8).notNullable().defaultTo('email');
    t.bigInteger('parent_id').references('email_queue.id').onDelete('CASCADE');
    t.string('status', 24).notNullable();
    t.string('skip_reason', 32);
    t.string('customer_email', 320);
    t.string('customer_name', 255);
    t.string('shopify_customer_id', 32);
    t.string('shipping_country', 2);
    t.string('subject', 500);
    t.text('html_content');
    t.jsonb('line_items').notNullable().defaultTo('[]');
    t.timestamp('created_order_at', { useTz: true });
    t.timestamp('fulfilled_date', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('scheduled_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('opened_at', { useTz: true });
    t.timestamp('reviewed_at', { useTz: true });
    t.string('message_id', 255);
    t.integer('reminder_count').notNullable().defaultTo(0);
    t.text('error_message');
    t.string('sender_app', 64);
    t.string('workflow_id', 255).notNullable();
    // Millisecond precision: list cursors carry created_at through JSON without losing digits.
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.raw("date_trunc('milliseconds', now())"));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'order_id', 'queue_type']);
    t.index(['shop_id', 'created_at', 'id']);
    t.index(['shop_id', 'status', 'created_at', 'id']);
  });

  await knex.schema.createTable('blocked_customers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('shopify_customer_id', 32);
    t.string('reason', 32).notNullable().defaultTo('blocked');
    t.timestamps(true, true);
    t.unique(['shop_id', 'email']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('blocked_customers');
  await knex.schema.dropTable('email_queue');
}
