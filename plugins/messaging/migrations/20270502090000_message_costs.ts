import type { Knex } from 'knex';

// Issue 32, costs per message for analytics. What a provider says a message costs: Twilio's `price`
// and `price_unit` (read from the Message resource once it is final: its status callbacks carry no
// price), Meta's `pricing` of the status webhook (the category and whether it is billable: no amount).
// A receipt kept before its message was recorded keeps the charge it came with. Analytics reads the
// messages of a local day by `created_at` and sweeps the changed ones by `updated_at`, which a trigger
// keeps true for every update (README "Costs").
const CHARGE = (t: Knex.AlterTableBuilder) => {
  t.decimal('price', 12, 5);
  t.string('price_unit', 3);
  t.string('pricing_category', 40);
  t.boolean('billable');
};

export async function up(knex: Knex) {
  await knex.schema.alterTable('messaging_messages', CHARGE);
  await knex.schema.alterTable('messaging_early_receipts', CHARGE);
  await knex.raw('CREATE INDEX messaging_messages_updated_at ON messaging_messages (updated_at)');
  await knex.raw('CREATE INDEX messaging_messages_day ON messaging_messages (shop_id, created_at)');
  // clock_timestamp, not now(): the moment of the write, not of its transaction's start
  await knex.raw(`CREATE FUNCTION messaging_messages_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.updated_at := clock_timestamp(); RETURN NEW; END $$`);
  await knex.raw('CREATE TRIGGER messaging_messages_touch BEFORE UPDATE ON messaging_messages FOR EACH ROW EXECUTE FUNCTION messaging_messages_touch()');
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER messaging_messages_touch ON messaging_messages');
  await knex.raw('DROP FUNCTION messaging_messages_touch()');
  await knex.raw('DROP INDEX messaging_messages_day');
  await knex.raw('DROP INDEX messaging_messages_updated_at');
  for (const table of ['messaging_early_receipts', 'messaging_messages'])
    await knex.schema.alterTable(table, (t) => t.dropColumns('price', 'price_unit', 'pricing_category', 'billable'));
}
