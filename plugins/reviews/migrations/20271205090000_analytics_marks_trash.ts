import type { Knex } from 'knex';

// A review trashed and then deleted from the trash before the analytics sweep ran lost its day's
// recount: the sweep never saw the trashing (the row was gone), and the delete trigger marked only
// reviews that were not in the trash. Same for one trashed and then re-dated. Every deleted or
// re-dated review now marks its old bucket, trashed or not: a needless mark only recounts a day.
const BUCKET = (col: string) => `to_timestamp(floor(extract(epoch FROM ${col}) / 900) * 900)`;

/** The two trigger functions of 20261230090000_analytics_source.ts, marking reviews that match `counted` (SQL over OLD / o). */
async function markFunctions(knex: Knex, counted: (row: string) => string) {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION reviews_stamp_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- generated columns are not computed yet in a BEFORE trigger: compared through what they derive from
      IF (to_jsonb(NEW) - 'updated_at' - 'product_key' - 'media_count') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at' - 'product_key' - 'media_count') THEN
        NEW.updated_at := date_trunc('milliseconds', clock_timestamp());
        IF ${counted('OLD')} AND NEW.created_at IS DISTINCT FROM OLD.created_at THEN
          INSERT INTO review_analytics_marks (shop_id, bucket, marked_at) VALUES (OLD.shop_id, ${BUCKET('OLD.created_at')}, clock_timestamp());
        END IF;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION reviews_mark_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      marked integer;
    BEGIN
      INSERT INTO review_analytics_marks (shop_id, bucket, marked_at)
        SELECT DISTINCT o.shop_id, ${BUCKET('o.created_at')}, clock_timestamp() FROM old_rows o
         WHERE ${counted('o')} AND EXISTS (SELECT 1 FROM shops s WHERE s.id = o.shop_id);
      GET DIAGNOSTICS marked = ROW_COUNT;
      IF marked > 0 THEN
        DELETE FROM review_analytics_marks WHERE marked_at < now() - interval '90 days';
      END IF;
      RETURN NULL;
    END $$`);
}

export async function up(knex: Knex) {
  await markFunctions(knex, () => 'true');
}

export async function down(knex: Knex) {
  await markFunctions(knex, (row) => `${row}.status <> 'trash'`);
}
