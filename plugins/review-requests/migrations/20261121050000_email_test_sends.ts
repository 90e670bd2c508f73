import type { Knex } from 'knex';

// Test emails and sender-verification mails a shop asked for, to hold each to its daily allowance
// (25 test emails per rolling 24 hours). No recipient is kept: only what was sent and when.
export async function up(knex: Knex) {
  await knex.schema.createTable('email_test_sends', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // test | verifySender
    t.string('template_type', 40);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['shop_id', 'kind', 'created_at']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('email_test_sends');
}
