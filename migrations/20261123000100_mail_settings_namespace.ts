import type { Knex } from 'knex';

// The shop's sender and SMTP settings became the kernel mail service's ('kernel.mail'); they were
// the review-requests plugin's ('email-settings').
export async function up(knex: Knex) {
  await knex('settings').where({ namespace: 'email-settings' }).update({ namespace: 'kernel.mail' });
}

export async function down(knex: Knex) {
  await knex('settings').where({ namespace: 'kernel.mail' }).update({ namespace: 'email-settings' });
}
