import type { Knex } from 'knex';

// Rate-limit counters shared by every API process (api/http/rate-limit.ts, rate-limiter-flexible's
// PostgreSQL store): one row per key with its own expiry (ms since the epoch). The library's own
// create-table is turned off; this is its table, with text keys (emails can exceed 255 characters).
export async function up(knex: Knex) {
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
    t.index(['expire']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('rate_limits');
}
