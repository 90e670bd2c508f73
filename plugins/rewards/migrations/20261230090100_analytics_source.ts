import type { Knex } from 'knex';

// The analytics source (db/analytics.ts) sweeps rewards by updated_at and must not miss a change:
// the database stamps it (clock_timestamp()) on every update that changes another column, whatever
// the code path wrote. Rewards are never deleted but with their shop. The indexes serve the sweep,
// the days by sent_at and used_at, and the case-insensitive code lookup of an order's discounts.
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE FUNCTION rewards_stamp_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (to_jsonb(NEW) - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at') THEN
        NEW.updated_at := clock_timestamp();
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER rewards_stamp_update BEFORE UPDATE ON rewards FOR EACH ROW EXECUTE FUNCTION rewards_stamp_update()');
  await knex.raw('CREATE INDEX rewards_updated ON rewards (updated_at)');
  await knex.raw('CREATE INDEX rewards_shop_sent ON rewards (shop_id, sent_at) WHERE sent_at IS NOT NULL');
  await knex.raw('CREATE INDEX rewards_shop_used ON rewards (shop_id, used_at) WHERE used_at IS NOT NULL');
  await knex.raw('CREATE INDEX rewards_shop_code_lower ON rewards (shop_id, lower(code))');
}

export async function down(knex: Knex) {
  for (const index of ['rewards_shop_code_lower', 'rewards_shop_used', 'rewards_shop_sent', 'rewards_updated']) await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  await knex.raw('DROP TRIGGER IF EXISTS rewards_stamp_update ON rewards');
  await knex.raw('DROP FUNCTION IF EXISTS rewards_stamp_update()');
}
