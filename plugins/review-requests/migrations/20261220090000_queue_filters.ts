import type { Knex } from 'knex';

// The queue screen's filters and sorts (issue 22). The order number (the digits of the order name,
// '#1001' -> 1001) is a stored generated column, so the order-range filter and its sort use an index
// and a name with more digits than a bigint holds is simply unnumbered instead of an SQL error.
// Each sort has its own index; its key puts the rows without a date last in ascending order
// ('infinity': not scheduled / not fulfilled / not sent yet means "later than any date").
const SORT_KEYS: Record<string, string> = {
  email_queue_sort_scheduled: "coalesce(scheduled_at, 'infinity'::timestamptz)",
  email_queue_sort_order_created: "coalesce(created_order_at, 'infinity'::timestamptz)",
  email_queue_sort_fulfilled: "coalesce(fulfilled_date, 'infinity'::timestamptz)",
  email_queue_sort_sent: "coalesce(sent_at, 'infinity'::timestamptz)",
  email_queue_sort_order_number: 'coalesce(order_number, 0)',
};

export async function up(knex: Knex) {
  await knex.raw(`ALTER TABLE email_queue ADD COLUMN order_number bigint GENERATED ALWAYS AS (
    CASE WHEN length(regexp_replace(coalesce(name, ''), '\\D', '', 'g')) BETWEEN 1 AND 18
         THEN regexp_replace(name, '\\D', '', 'g')::bigint END) STORED`);
  for (const [name, key] of Object.entries(SORT_KEYS)) {
    await knex.raw(`CREATE INDEX ${name} ON email_queue (shop_id, (${key}), id) WHERE queue_type = 'email'`);
  }
  // The total beside every page: a count over the shop's email entries, from the index alone.
  await knex.raw("CREATE INDEX email_queue_email_entries ON email_queue (shop_id, created_at, id) WHERE queue_type = 'email'");
  // Unblock by customer id (spec section 7) and the list's "is this customer blocked".
  await knex.schema.alterTable('blocked_customers', (t) => {
    t.index(['shop_id', 'shopify_customer_id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('blocked_customers', (t) => {
    t.dropIndex(['shop_id', 'shopify_customer_id']);
  });
  for (const name of [...Object.keys(SORT_KEYS), 'email_queue_email_entries']) await knex.raw(`DROP INDEX ${name}`);
  await knex.raw('ALTER TABLE email_queue DROP COLUMN order_number');
}
