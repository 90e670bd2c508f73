import type { Knex } from 'knex';

// The analytics source (db/analytics.ts) sweeps reviews by updated_at and must not miss a change,
// so the database keeps updated_at, not each code path (the merchant's edit never set it): a BEFORE
// UPDATE trigger stamps clock_timestamp(), in milliseconds as the column keeps them, whenever another
// column changed; a statement that changes nothing keeps what it wrote. What the sweep cannot see on
// a row is kept in review_analytics_marks: the old key date of a counted review whose created_at was
// edited, and counted reviews deleted outright (a shop without the recycle bin, the demo's removal).
// Marks matter only until the sweep has passed them: kept 90 days.
// `submitted_via` records the other plugin's page a shopper's review came through ('qr': a QR card's
// product page, through the reviews plugin's guest path), for the sources chart.
const BUCKET = (col: string) => `to_timestamp(floor(extract(epoch FROM ${col}) / 900) * 900)`;

export async function up(knex: Knex) {
  await knex.schema.alterTable('reviews', (t) => {
    t.string('submitted_via', 16);
  });
  await knex.raw(`ALTER TABLE reviews ADD CONSTRAINT reviews_submitted_via_check CHECK (submitted_via IN ('qr'))`);
  await knex.raw('CREATE INDEX reviews_updated ON reviews (updated_at)');

  await knex.schema.createTable('review_analytics_marks', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    /** the 15-minute UTC bucket of the key date that lost a review */
    t.timestamp('bucket', { useTz: true }).notNullable();
    t.timestamp('marked_at', { useTz: true }).notNullable();
    t.index(['marked_at']);
  });

  await knex.raw(`
    CREATE FUNCTION reviews_stamp_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- generated columns are not computed yet in a BEFORE trigger: compared through what they derive from
      IF (to_jsonb(NEW) - 'updated_at' - 'product_key' - 'media_count') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at' - 'product_key' - 'media_count') THEN
        NEW.updated_at := date_trunc('milliseconds', clock_timestamp());
        IF OLD.status <> 'trash' AND NEW.created_at IS DISTINCT FROM OLD.created_at THEN
          INSERT INTO review_analytics_marks (shop_id, bucket, marked_at) VALUES (OLD.shop_id, ${BUCKET('OLD.created_at')}, clock_timestamp());
        END IF;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER reviews_stamp_update BEFORE UPDATE ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_stamp_update()');

  // Statement level: a bulk delete marks each bucket once. A shop being deleted (its reviews going
  // by cascade) is gone already and gets no marks.
  await knex.raw(`
    CREATE FUNCTION reviews_mark_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      marked integer;
    BEGIN
      INSERT INTO review_analytics_marks (shop_id, bucket, marked_at)
        SELECT DISTINCT o.shop_id, ${BUCKET('o.created_at')}, clock_timestamp() FROM old_rows o
         WHERE o.status <> 'trash' AND EXISTS (SELECT 1 FROM shops s WHERE s.id = o.shop_id);
      GET DIAGNOSTICS marked = ROW_COUNT;
      IF marked > 0 THEN
        DELETE FROM review_analytics_marks WHERE marked_at < now() - interval '90 days';
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER reviews_mark_deleted AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION reviews_mark_deleted()`);
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS reviews_mark_deleted ON reviews');
  await knex.raw('DROP FUNCTION IF EXISTS reviews_mark_deleted()');
  await knex.raw('DROP TRIGGER IF EXISTS reviews_stamp_update ON reviews');
  await knex.raw('DROP FUNCTION IF EXISTS reviews_stamp_update()');
  await knex.schema.dropTableIfExists('review_analytics_marks');
  await knex.raw('DROP INDEX IF EXISTS reviews_updated');
  await knex.schema.alterTable('reviews', (t) => t.dropColumn('submitted_via'));
}
