import type { Knex } from 'knex';

// The outbox sweep looks every minute for deliveries still `received` (api/platform/webhook-intake.ts);
// a partial index keeps that cheap however many processed deliveries the table holds.
export async function up(knex: Knex) {
  await knex.raw(`CREATE INDEX webhook_deliveries_received_idx ON webhook_deliveries (created_at) WHERE status = 'received'`);
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX webhook_deliveries_received_idx');
}
