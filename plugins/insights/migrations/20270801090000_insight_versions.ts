import type { Knex } from 'knex';

// The version of what the review box's "What customers say" shows (ReviewInsights.version, issue 35):
// every write to a shop's product topic counts bumps it and NOTIFYs the insights channel, so the
// widgets' storefront caches drop. The counts are recounted from scratch whenever a published
// review of the product is read again (db/store.ts), so they are written whenever anything the box
// shows changes: a topic, a sentiment, a review published, hidden, edited or deleted.
// Statement level with transition tables (as the reviews' feed version): a batch of 500 readings
// bumps each shop once per statement; shops are locked in id order; a shop being deleted (its rows
// going by cascade) gets no version row. NOTIFY is delivered at commit.

// plugins/insights/storefront/channel.ts INSIGHTS_CHANNEL
const CHANNEL = 'plaudit_insights';

export async function up(knex: Knex) {
  // the box's reads go by product, newest first (storefront/queries.ts): a topic's reviews, quotable ones
  await knex.raw('CREATE INDEX insight_reviews_published_product ON insight_reviews (shop_id, product_id, review_id DESC) WHERE published');
  await knex.schema.createTable('insight_versions', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.bigInteger('version').notNullable().defaultTo(1);
  });
  await knex.raw(`
    CREATE FUNCTION insight_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_shops bigint[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(DISTINCT shop_id ORDER BY shop_id) INTO changed_shops FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(DISTINCT shop_id ORDER BY shop_id) INTO changed_shops FROM old_rows;
      ELSE
        SELECT array_agg(DISTINCT shop_id ORDER BY shop_id) INTO changed_shops FROM (
          SELECT shop_id FROM old_rows UNION ALL SELECT shop_id FROM new_rows) changed;
      END IF;
      IF changed_shops IS NULL THEN
        RETURN NULL;
      END IF;
      INSERT INTO insight_versions AS v (shop_id, version)
        SELECT s, 1 FROM unnest(changed_shops) AS s WHERE EXISTS (SELECT 1 FROM shops WHERE id = s) ORDER BY s
        ON CONFLICT (shop_id) DO UPDATE SET version = v.version + 1;
      PERFORM pg_notify('${CHANNEL}', s::text) FROM unnest(changed_shops) AS s;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER insight_product_topics_insert AFTER INSERT ON insight_product_topics REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION insight_versions_bump()`);
  await knex.raw(`CREATE TRIGGER insight_product_topics_update AFTER UPDATE ON insight_product_topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION insight_versions_bump()`);
  await knex.raw(`CREATE TRIGGER insight_product_topics_delete AFTER DELETE ON insight_product_topics REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION insight_versions_bump()`);
}

export async function down(knex: Knex) {
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS insight_product_topics_${op} ON insight_product_topics`);
  await knex.raw('DROP FUNCTION IF EXISTS insight_versions_bump()');
  await knex.schema.dropTableIfExists('insight_versions');
  await knex.raw('DROP INDEX IF EXISTS insight_reviews_published_product');
}
