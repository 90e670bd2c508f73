import type { Knex } from 'knex';

// The photo reminder on the queue row: which review it is for, where it stands and the recorded send
// (its Message-ID is deterministic, so a retried activity or a restarted worker never sends twice).
export async function up(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.bigInteger('photo_review_id');
    t.string('photo_reminder_status', 32);
    t.timestamp('photo_reminder_at', { useTz: true });
    t.timestamp('photo_reminder_sent_at', { useTz: true });
    t.string('photo_reminder_message_id', 255);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('email_queue', (t) => {
    t.dropColumns('photo_review_id', 'photo_reminder_status', 'photo_reminder_at', 'photo_reminder_sent_at', 'photo_reminder_message_id');
  });
}
