import type { Knex } from 'knex';

// The merchant's hourly digest of new questions and community answers (issue 20). A digest row is
// claimed (its items stamped notified) in one transaction before the mail goes out, and stamped sent
// after it: an item is in at most one digest, and an unsent digest is sent again (same Message-ID)
// by the next run, so nothing is lost nor mailed twice. Community answers get the merchant-notified
// stamp questions already have.
export async function up(knex: Knex) {
  await knex.schema.alterTable('question_answers', (t) => {
    t.timestamp('merchant_notified_at', { useTz: true, precision: 3 });
  });
  await knex.schema.createTable('question_digests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.specificType('question_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.specificType('answer_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true, precision: 3 });
  });
  // the next run looks for a shop's digests claimed but not sent
  await knex.raw('CREATE INDEX question_digests_unsent ON question_digests (shop_id) WHERE sent_at IS NULL');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('question_digests');
  await knex.schema.alterTable('question_answers', (t) => t.dropColumn('merchant_notified_at'));
}
