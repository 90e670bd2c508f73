import type { Knex } from 'knex';

// The re-sync's progress per shop (workflows/backfill.ts): which run is current (a newer one
// supersedes it), how many reviews it has brought in line, when it started and finished.
export async function up(knex: Knex) {
  await knex.schema.alterTable('syndication_shops', (t) => {
    t.string('backfill_run', 40);
    t.integer('backfill_checked').notNullable().defaultTo(0);
    t.timestamp('backfill_started_at', { useTz: true });
    t.timestamp('backfill_finished_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('syndication_shops', (t) => {
    t.dropColumns('backfill_run', 'backfill_checked', 'backfill_started_at', 'backfill_finished_at');
  });
}
