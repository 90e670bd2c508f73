import type { Knex } from 'knex';

// Translations of review texts (issue 19): one row per review, target language and provider, with
// a hash of the words translated, so an edited review is never shown an old translation (the edit
// event also deletes its rows). review_id is the reviews plugin's id, not a foreign key: a plugin
// names only its own tables; rows of a deleted review are dropped by the purge of the next edit or
// stay harmlessly unreachable.
export async function up(knex: Knex) {
  await knex.schema.createTable('review_translations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    t.string('language', 16).notNullable();
    t.string('provider', 16).notNullable();
    t.string('source_hash', 64).notNullable();
    t.text('title');
    t.text('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'review_id', 'language', 'provider']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_translations');
}
