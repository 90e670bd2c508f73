import type { Knex } from 'knex';

// Issue 32. Stars in the email: the first star click on a request (`started_at`, with the stars
// chosen) is the funnel's "started", and its reminders then ask to finish the review. Postpone: the
// customer's "Not arrived yet?" (`postponed_at`), how long the request then waits at most for the
// delivery (`postponed_until`), when the request went out again (`postpone_sent_at`) and how many
// reminders had gone out before (the remaining ones count from the new send).
export async function up(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.timestamp('started_at', { useTz: true });
    t.smallint('started_rating');
    t.timestamp('postponed_at', { useTz: true });
    t.timestamp('postponed_until', { useTz: true });
    t.timestamp('postpone_sent_at', { useTz: true });
    t.smallint('postpone_reminder_base');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.dropColumns('started_at', 'started_rating', 'postponed_at', 'postponed_until', 'postpone_sent_at', 'postpone_reminder_base');
  });
}
