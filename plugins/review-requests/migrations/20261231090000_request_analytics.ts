import type { Knex } from 'knex';

// The request funnel's facts for analytics (issue 18), on the queue entry: the first click on one of
// its links, the review's photo, the first reminder's send, the review that answered it, the
// unsubscribe its link made, and the demo shop's sample history. `RequestsAnalytics` reads
// a local day's requests by `coalesce(sent_at, created_at)` (an index range) and sweeps changed rows
// by `updated_at`, which a trigger keeps true for every update, whoever writes it.
const FACT_COLUMNS = ['clicked_at', 'photo_added_at', 'reminded_at', 'unsubscribed_at'];

export async function up(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    for (const c of FACT_COLUMNS) t.timestamp(c, { useTz: true });
    t.bigInteger('review_id');
    t.boolean('demo').notNullable().defaultTo(false);
  });
  // Before the trigger exists, so these corrections keep the rows' updated_at.
  // reviewed_at was never written: the reviewed status was recorded at updated_at (the closest known).
  await knex.raw("UPDATE email_queue SET reviewed_at = updated_at WHERE status = 'reviewed' AND reviewed_at IS NULL");
  // Past unsubscribes: on the customer's latest request before the block (the link named it).
  await knex.raw(`UPDATE email_queue q SET unsubscribed_at = x.at FROM (
      SELECT DISTINCT ON (b.id) e.id AS entry, b.created_at AS at FROM blocked_customers b
      JOIN email_queue e ON e.shop_id = b.shop_id AND e.customer_email = b.email AND e.queue_type = 'email' AND coalesce(e.sent_at, e.created_at) <= b.created_at
      WHERE b.reason = 'unsubscribed' ORDER BY b.id, coalesce(e.sent_at, e.created_at) DESC) x
    WHERE q.id = x.entry`);

  await knex.raw('CREATE INDEX email_queue_updated_at ON email_queue (updated_at)');
  await knex.raw('CREATE INDEX email_queue_fact_day ON email_queue (shop_id, (coalesce(sent_at, created_at)))');
  await knex.raw('CREATE INDEX email_queue_unsubscribed ON email_queue (shop_id, unsubscribed_at) WHERE unsubscribed_at IS NOT NULL');
  // ReviewMediaAdded names the review only
  await knex.raw('CREATE INDEX email_queue_review ON email_queue (shop_id, review_id) WHERE review_id IS NOT NULL');
  await knex.raw('CREATE INDEX email_queue_photo_review ON email_queue (shop_id, photo_review_id) WHERE photo_review_id IS NOT NULL');

  // clock_timestamp, not now(): the moment of the write, not of its transaction's start.
  await knex.raw(`CREATE FUNCTION email_queue_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.updated_at := clock_timestamp(); RETURN NEW; END $$`);
  await knex.raw('CREATE TRIGGER email_queue_touch BEFORE UPDATE ON email_queue FOR EACH ROW EXECUTE FUNCTION email_queue_touch()');
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER email_queue_touch ON email_queue');
  await knex.raw('DROP FUNCTION email_queue_touch()');
  for (const name of ['email_queue_updated_at', 'email_queue_fact_day', 'email_queue_unsubscribed', 'email_queue_review', 'email_queue_photo_review'])
    await knex.raw(`DROP INDEX ${name}`);
  await knex.schema.alterTable('email_queue', (t) => {
    t.dropColumns(...FACT_COLUMNS, 'review_id', 'demo');
  });
}
