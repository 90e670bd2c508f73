import type { Knex } from 'knex';

// Labels other plugins put on reviews (contracts/reviews/labels.ts): one row per review, source
// (the writing plugin), group and key, with an optional tone. They go with their review (a delete
// for good; the recycle bin keeps them) and with the shop. Manage reviews filters by them: the
// primary key, led by the review (ids are unique across shops), answers "this review's labels"
// (the list's chips, a filter's EXISTS beside the list's own index, the foreign key's cascade); the
// two others start from a label or a tone when few of the shop's reviews carry it.
export async function up(knex: Knex) {
  await knex.schema.createTable('review_labels', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable().references('reviews.id').onDelete('CASCADE');
    t.string('source', 40).notNullable();
    t.string('label_group', 32).notNullable();
    t.string('label_key', 32).notNullable();
    t.string('tone', 8);
    t.primary(['review_id', 'source', 'label_group', 'label_key']);
    t.index(['shop_id', 'label_group', 'label_key', 'review_id'], 'review_labels_by_label');
    t.index(['shop_id', 'tone', 'review_id'], 'review_labels_by_tone');
  });
  await knex.raw("ALTER TABLE review_labels ADD CONSTRAINT review_labels_tone_check CHECK (tone IN ('positive', 'negative', 'flag'))");
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_labels');
}
