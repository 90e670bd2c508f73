import type { Knex } from 'knex';

// The history of what reviewers changed in their own reviews (issue 33, api/mine/): who (the email
// the link was signed for), when, which fields from what to what. review_id has no foreign key: the
// row outlives a deleted review (the merchant sees that it was deleted and when; its text is gone).
export async function up(knex: Knex) {
  await knex.schema.createTable('review_author_changes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    // 'edit' | 'delete'
    t.string('action', 16).notNullable();
    // lower-cased: the address the "your reviews" link was signed for
    t.string('by_email', 320).notNullable();
    // { field: { from, to } }; after a delete, { field: {} } (the words go with the review)
    t.jsonb('changes').notNullable().defaultTo('{}');
    // the status the change gave the review (re-moderation), null for a delete
    t.string('status', 16);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['shop_id', 'review_id', 'id']);
    t.index(['shop_id', 'by_email']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_author_changes');
}
