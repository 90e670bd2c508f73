import type { Knex } from 'knex';

// What the offline reader found in each review (issue 35): one row per review (its language, text
// score and "needs a look" reasons), one per review and topic, and per product the topic counts of
// its published reviews, kept in step with the first two so the storefront reads one small row set.
export async function up(knex: Knex) {
  await knex.schema.createTable('insight_reviews', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    t.string('product_id', 100);
    t.string('language', 8);
    t.smallint('rating').notNullable();
    t.integer('score').notNullable();
    t.boolean('published').notNullable();
    /** 'contradiction' | 'safety' | 'spam', empty when nothing needs a look */
    t.specificType('look_reasons', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'review_id']);
  });
  await knex.raw("CREATE INDEX insight_reviews_needs_look ON insight_reviews (shop_id, review_id) WHERE look_reasons <> '{}'");
  await knex.schema.createTable('insight_review_topics', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    t.string('topic', 32).notNullable();
    t.smallint('sentiment').notNullable();
    t.primary(['shop_id', 'review_id', 'topic']);
  });
  await knex.schema.createTable('insight_product_topics', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('product_id', 100).notNullable();
    t.string('topic', 32).notNullable();
    t.integer('positive').notNullable();
    t.integer('negative').notNullable();
    t.primary(['shop_id', 'product_id', 'topic']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('insight_product_topics');
  await knex.schema.dropTable('insight_review_topics');
  await knex.schema.dropTable('insight_reviews');
}
