import type { Knex } from 'knex';

// The storefront feed (plugins/reviews/api/feed.ts): one partial index per shopper-facing sort,
// per product (product_key, '' = the store) and per shop, over published reviews only; and a
// per-shop version that every write to reviews bumps, so storefront caches know when to drop.
const SORTS: Record<string, string> = {
  featured: 'pinned DESC, featured DESC, created_at DESC, id DESC',
  newest: 'created_at DESC, id DESC',
  highest: 'rating DESC, created_at DESC, id DESC',
  lowest: 'rating ASC, created_at DESC, id DESC',
  media: '(media_count > 0) DESC, created_at DESC, id DESC',
};

// plugins/reviews/api/feed.ts REVIEW_FEED_CHANNEL
const CHANNEL = 'plaudit_review_feed';

export async function up(knex: Knex) {
  for (const [name, order] of Object.entries(SORTS)) {
    await knex.raw(`CREATE INDEX reviews_feed_product_${name} ON reviews (shop_id, product_key, ${order}) WHERE status = 'published'`);
    await knex.raw(`CREATE INDEX reviews_feed_shop_${name} ON reviews (shop_id, ${order}) WHERE status = 'published'`);
  }
  // Testimonials and a customer's own reviews are small sets; these keep them off the big scans.
  await knex.raw(`CREATE INDEX reviews_feed_testimonial ON reviews (shop_id, created_at DESC, id DESC) WHERE status = 'published' AND testimonial`);
  await knex.raw('CREATE INDEX reviews_shop_customer ON reviews (shop_id, customer_id) WHERE customer_id IS NOT NULL');

  await knex.schema.createTable('review_feed_versions', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.bigInteger('version').notNullable().defaultTo(1);
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
  });

  // Statement level with transition tables: a bulk action over 10,000 reviews bumps each shop
  // once. Only rows published before or after the change matter to shoppers. Shops are locked in
  // id order so concurrent multi-shop statements cannot deadlock; a shop being deleted (its reviews
  // going by cascade) gets no version row. NOTIFY is delivered at commit.
  await knex.raw(`
    CREATE FUNCTION review_feed_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_shops bigint[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(DISTINCT shop_id ORDER BY shop_id) INTO changed_shops FROM new_rows WHERE status = 'published';
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(DISTINCT shop_id ORDER BY shop_id) INTO changed_shops FROM old_rows WHERE status = 'published';
      ELSE
        SELECT array_agg(DISTINCT shop_id ORDER BY shop_id) INTO changed_shops FROM (
          SELECT shop_id FROM old_rows WHERE status = 'published'
          UNION ALL SELECT shop_id FROM new_rows WHERE status = 'published') changed;
      END IF;
      IF changed_shops IS NULL THEN
        RETURN NULL;
      END IF;
      INSERT INTO review_feed_versions AS v (shop_id, version, updated_at)
        SELECT s, 1, now() FROM unnest(changed_shops) AS s WHERE EXISTS (SELECT 1 FROM shops WHERE id = s) ORDER BY s
        ON CONFLICT (shop_id) DO UPDATE SET version = v.version + 1, updated_at = now();
      PERFORM pg_notify('${CHANNEL}', s::text) FROM unnest(changed_shops) AS s;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER reviews_feed_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION review_feed_bump()`);
  await knex.raw(`CREATE TRIGGER reviews_feed_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION review_feed_bump()`);
  await knex.raw(`CREATE TRIGGER reviews_feed_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION review_feed_bump()`);
}

export async function down(knex: Knex) {
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS reviews_feed_${op} ON reviews`);
  await knex.raw('DROP FUNCTION IF EXISTS review_feed_bump()');
  await knex.schema.dropTableIfExists('review_feed_versions');
  await knex.raw('DROP INDEX IF EXISTS reviews_shop_customer');
  await knex.raw('DROP INDEX IF EXISTS reviews_feed_testimonial');
  for (const name of Object.keys(SORTS)) {
    await knex.raw(`DROP INDEX IF EXISTS reviews_feed_product_${name}`);
    await knex.raw(`DROP INDEX IF EXISTS reviews_feed_shop_${name}`);
  }
}
