import type { Knex } from 'knex';

// Custom questions asked with a review (issue 33), and their answers. A question is archived, not
// deleted, once answered (the answers reference it). An answer is written once with its review and
// never changed: filters and distributions are built on them, so a trigger refuses every UPDATE
// (DELETE stays possible: a review purged for good takes its answers along). Which answered reviews
// shoppers may see is kept apart, per review, in review_answer_sets (moved by the reviews' events).
export async function up(knex: Knex) {
  await knex.schema.createTable('review_questions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // scale | single | multiple | yesno
    t.string('label', 200).notNullable();
    t.boolean('required').notNullable().defaultTo(false);
    t.smallint('points'); // scale only: 3..7
    t.string('low_label', 60);
    t.string('high_label', 60);
    t.jsonb('options').notNullable().defaultTo('[]'); // [{ key, label }]
    t.string('scope', 16).notNullable().defaultTo('all'); // all | types | tags
    t.specificType('scope_values', 'text[]').notNullable().defaultTo('{}');
    t.boolean('recommend').notNullable().defaultTo(false);
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('archived_at', { useTz: true, precision: 3 });
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE review_questions
    ADD CONSTRAINT review_questions_kind_check CHECK (kind IN ('scale', 'single', 'multiple', 'yesno')),
    ADD CONSTRAINT review_questions_scope_check CHECK (scope IN ('all', 'types', 'tags')),
    ADD CONSTRAINT review_questions_recommend_check CHECK (NOT recommend OR kind = 'yesno')`);
  await knex.raw('CREATE INDEX review_questions_shop ON review_questions (shop_id, position, id)');
  // one recommend question per shop among the live ones
  await knex.raw('CREATE UNIQUE INDEX review_questions_recommend ON review_questions (shop_id) WHERE recommend AND archived_at IS NULL');

  await knex.schema.createTable('review_answer_sets', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    t.string('product_id', 255); // null: a store review
    t.boolean('published').notNullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'review_id']);
  });
  await knex.raw('CREATE INDEX review_answer_sets_product ON review_answer_sets (shop_id, product_id, review_id DESC) WHERE published');

  await knex.schema.createTable('review_answers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    t.bigInteger('question_id').notNullable().references('review_questions.id');
    t.specificType('answer_values', 'text[]').notNullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
    t.foreign(['shop_id', 'review_id']).references(['shop_id', 'review_id']).inTable('review_answer_sets').onDelete('CASCADE');
    t.unique(['shop_id', 'review_id', 'question_id']);
  });
  await knex.raw('CREATE INDEX review_answers_question ON review_answers (shop_id, question_id)');
  await knex.raw('CREATE INDEX review_answers_values ON review_answers USING gin (answer_values)');
  await knex.raw(`CREATE FUNCTION review_answers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'review answers cannot be changed once given' USING ERRCODE = 'P0001';
    END $$`);
  await knex.raw(`CREATE TRIGGER review_answers_no_update BEFORE UPDATE ON review_answers
    FOR EACH ROW EXECUTE FUNCTION review_answers_immutable()`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_answers');
  await knex.raw('DROP FUNCTION review_answers_immutable()');
  await knex.schema.dropTable('review_answer_sets');
  await knex.schema.dropTable('review_questions');
}
