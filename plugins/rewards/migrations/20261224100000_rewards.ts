import type { Knex } from 'knex';

// One row per code a review earned: the text reward, and the photo reward that replaces it when the
// customer adds photos later. The code is chosen before Shopify is asked, so a retried creation
// (worker restart) finds the same code instead of minting a second one.
export async function up(knex: Knex) {
  await knex.schema.createTable('rewards', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('review_id').notNullable();
    t.string('kind', 8).notNullable(); // text | photo
    t.string('type_discount', 12).notNullable(); // percentage | fixed
    t.decimal('value', 12, 2).notNullable();
    t.string('code', 40).notNullable();
    t.string('discount_id', 80);
    t.string('email', 320).notNullable();
    // created -> sent -> used | expired; replaced (topped up) or cancelled (review gone) on the way
    t.string('status', 12).notNullable().defaultTo('created');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('reminded_at', { useTz: true });
    t.timestamp('used_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['shop_id', 'review_id', 'kind']);
    t.unique(['shop_id', 'code']);
    t.index(['shop_id', 'status']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('rewards');
}
