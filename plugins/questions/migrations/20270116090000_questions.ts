import type { Knex } from 'knex';

// Product questions, their answers (the merchant's, or a community member's) and the helpful votes
// shoppers give them. Shopify product ids exceed 2^53 and are kept as text (gid). Timestamps have
// millisecond precision so keyset cursors round-trip through JavaScript dates exactly.
export async function up(knex: Knex) {
  const created = (t: Knex.CreateTableBuilder) => {
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.raw("date_trunc('milliseconds', now())"));
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
  };
  await knex.schema.createTable('questions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('product_id', 255).notNullable();
    t.string('product_title', 512);
    t.string('product_handle', 255);
    t.string('asker_name', 255).notNullable();
    t.string('asker_email', 320);
    t.string('customer_id', 64);
    t.text('body').notNullable();
    t.string('locale', 16).notNullable().defaultTo('en'); // the shopper's storefront language
    t.string('status', 16).notNullable().defaultTo('pending'); // published | unpublished | pending
    t.boolean('held_as_spam').notNullable().defaultTo(false);
    t.integer('helpful_count').notNullable().defaultTo(0);
    t.integer('published_answers').notNullable().defaultTo(0);
    t.timestamp('answered_at', { useTz: true, precision: 3 });
    t.timestamp('merchant_notified_at', { useTz: true, precision: 3 });
    created(t);
  });
  await knex.raw(`ALTER TABLE questions
    ADD CONSTRAINT questions_status_check CHECK (status IN ('published', 'unpublished', 'pending'))`);
  await knex.raw('CREATE INDEX questions_shop_created ON questions (shop_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX questions_shop_status_created ON questions (shop_id, status, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX questions_shop_product ON questions (shop_id, product_id, status, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX questions_shop_email ON questions (shop_id, lower(asker_email))');

  await knex.schema.createTable('question_answers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('question_id').notNullable().references('questions.id').onDelete('CASCADE');
    t.string('author', 16).notNullable(); // merchant | community
    t.string('author_name', 255).notNullable();
    t.string('author_email', 320);
    t.text('body').notNullable();
    t.string('status', 16).notNullable().defaultTo('pending');
    t.integer('helpful_count').notNullable().defaultTo(0);
    t.timestamp('asker_notified_at', { useTz: true, precision: 3 });
    created(t);
  });
  await knex.raw(`ALTER TABLE question_answers
    ADD CONSTRAINT question_answers_author_check CHECK (author IN ('merchant', 'community')),
    ADD CONSTRAINT question_answers_status_check CHECK (status IN ('published', 'unpublished', 'pending'))`);
  await knex.raw('CREATE INDEX question_answers_question ON question_answers (shop_id, question_id, id)');
  // one answer by the merchant per question: the editor changes it
  await knex.raw("CREATE UNIQUE INDEX question_answers_merchant ON question_answers (question_id) WHERE author = 'merchant'");

  // One helpful vote per shopper (a keyed hash of the address, never the address) per question or answer.
  await knex.schema.createTable('question_votes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('target', 40).notNullable(); // q:<id> | a:<id>
    t.string('voter', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'target', 'voter']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('question_votes');
  await knex.schema.dropTable('question_answers');
  await knex.schema.dropTable('questions');
}
