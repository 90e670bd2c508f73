import type { Knex } from 'knex';

// Shopify does not deliver webhooks in order (a retried products/update may come after a later
// products/delete): the newest store change applied to each product, so an older payload is ignored
// and a deleted product (its id never reused) stays deleted. One row per product the webhooks told of:
// the payload's updated_at (whole seconds in REST payloads) and, to order two changes of one second,
// the webhook's X-Shopify-Triggered-At.
export async function up(knex: Knex) {
  await knex.schema.createTable('product_group_changes', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('product_id', 255).notNullable();
    t.timestamp('changed_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('triggered_at', { useTz: true, precision: 6 });
    t.boolean('deleted').notNullable().defaultTo(false);
    t.primary(['shop_id', 'product_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('product_group_changes');
}
