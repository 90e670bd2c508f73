import type { Knex } from 'knex';

// A recorded start keeps the task queue it was meant for: whichever process re-drives it (its own
// retry, another API's start-up, the worker's sweep schedule) starts it there, not on its own queue.
// Rows recorded before have none and go to the re-driving process's queue, as they did.
export async function up(knex: Knex) {
  await knex.schema.alterTable('workflow_outbox', (t) => {
    t.string('task_queue', 255);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('workflow_outbox', (t) => {
    t.dropColumn('task_queue');
  });
}
