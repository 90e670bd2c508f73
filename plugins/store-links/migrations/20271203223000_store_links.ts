import type { Knex } from 'knex';

// Linked stores (issue 33, deliverable 2). A link is two rows, one per shop, sharing `link_key`, so
// each shop reads its own links through its tenant. A code is one per shop, stored as its hash, valid
// for an hour and deleted when used. A copy maps an origin shop's review to the review the receiving
// shop holds (created through the reviews plugin's import), with a hash of what was copied.
export async function up(knex: Knex) {
  await knex.schema.createTable('store_link_codes', (t) => {
    t.bigInteger('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('store_links', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.uuid('link_key').notNullable();
    t.bigInteger('partner_shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('partner_domain', 255).notNullable();
    t.string('partner_name', 255).notNullable();
    t.string('partner_country', 2);
    /** 'linked', or 'unlinking' while its workflow removes the copies */
    t.string('state', 16).notNullable().defaultTo('linked');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'partner_shop_id']);
    t.index(['link_key']);
  });
  await knex.schema.createTable('store_link_copies', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.uuid('link_key').notNullable();
    t.bigInteger('origin_shop_id').notNullable();
    t.bigInteger('origin_review_id').notNullable();
    t.bigInteger('review_id').notNullable();
    t.string('origin_hash', 16).notNullable();
    t.primary(['shop_id', 'origin_shop_id', 'origin_review_id']);
    t.index(['shop_id', 'review_id']);
    t.index(['shop_id', 'link_key']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('store_link_copies');
  await knex.schema.dropTable('store_links');
  await knex.schema.dropTable('store_link_codes');
}
