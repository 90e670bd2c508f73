import type { Knex } from 'knex';

// "Ask the community" (issue 20): each verified buyer the merchant invited to answer a question, at
// most once per question (a unique index on the address), with the mail's state and the answer the
// invitation brought. The signed answer link names the invitation; deleting the question ends it.
export async function up(knex: Knex) {
  await knex.schema.createTable('question_invitations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('question_id').notNullable().references('questions.id').onDelete('CASCADE');
    t.string('email', 320).notNullable(); // lower case
    t.string('name', 255);
    t.string('locale', 16); // the order's locale, when it said
    t.string('customer_id', 64);
    t.string('status', 16).notNullable().defaultTo('queued'); // queued | sent | refused | skipped | answered
    t.timestamp('sent_at', { useTz: true, precision: 3 });
    t.bigInteger('answer_id').references('question_answers.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.raw("date_trunc('milliseconds', now())"));
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE question_invitations
    ADD CONSTRAINT question_invitations_status_check CHECK (status IN ('queued', 'sent', 'refused', 'skipped', 'answered'))`);
  await knex.raw('CREATE UNIQUE INDEX question_invitations_once ON question_invitations (shop_id, question_id, email)');
  // compliance: a customer's invitations by address
  await knex.raw('CREATE INDEX question_invitations_email ON question_invitations (shop_id, email)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('question_invitations');
}
