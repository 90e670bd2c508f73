import type { Knex } from 'knex';

// The order behind a request email's write link, as review-requests announced it (RequestEligible):
// the write page reads it here instead of asking the store again (api/collect/write-order.ts). A
// customer's rows go with customers/redact, a shop's with the shop; kept as long as links live.
export async function up(knex: Knex) {
  await knex.schema.createTable('review_write_orders', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    // the review-requests queue entry the write link names
    t.bigInteger('queue_entry_id').notNullable();
    t.string('order_id', 32).notNullable();
    // { email, firstName, lastName, locale }
    t.jsonb('customer').notNullable();
    // [{ productId, title, imageUrl }]
    t.jsonb('line_items').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'queue_entry_id']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_write_orders');
}
