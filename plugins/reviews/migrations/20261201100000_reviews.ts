import type { Knex } from 'knex';

// Reviews (spec section 3, "Review") and their per-product / store rating summaries. Shopify ids
// (product, order, line item) exceed 2^53 and are kept as text. Timestamps have millisecond
// precision so keyset cursors round-trip through JavaScript dates exactly.
export async function up(knex: Knex) {
  await knex.schema.createTable('reviews', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable().defaultTo('product'); // product | store
    t.string('product_id', 255); // gid, null for store reviews
    t.string('product_title', 512);
    t.string('product_handle', 255);
    t.smallint('rating').notNullable();
    t.string('title', 255);
    t.text('content').notNullable().defaultTo('');
    t.string('first_name', 255);
    t.string('last_name', 255);
    t.string('email', 320);
    t.string('locale', 16);
    t.string('country', 2);
    t.string('order_id', 64);
    t.string('line_item_id', 64);
    t.string('customer_id', 64);
    t.jsonb('variants').notNullable().defaultTo('[]');
    t.jsonb('media').notNullable().defaultTo('[]');
    t.jsonb('files').notNullable().defaultTo('[]');
    t.string('source', 32).notNullable().defaultTo('admin');
    t.string('status', 16).notNullable().defaultTo('published'); // published | unpublished | pending | trash
    t.string('trashed_from', 16);
    t.boolean('verified').notNullable().defaultTo(false);
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('pinned').notNullable().defaultTo(false);
    t.boolean('testimonial').notNullable().defaultTo(false);
    t.text('reply_content');
    t.timestamp('replied_at', { useTz: true, precision: 3 });
    t.string('edit_request', 16); // unconfirmed | confirmed | denied
    t.timestamp('edit_requested_at', { useTz: true, precision: 3 });
    t.boolean('imported').notNullable().defaultTo(false);
    t.boolean('demo').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true, precision: 3 });
    t.timestamp('deleted_at', { useTz: true, precision: 3 });
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.raw("date_trunc('milliseconds', now())"));
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE reviews
    ADD COLUMN product_key text GENERATED ALWAYS AS (coalesce(product_id, '')) STORED,
    ADD COLUMN media_count integer GENERATED ALWAYS AS (jsonb_array_length(media)) STORED,
    ADD CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
    ADD CONSTRAINT reviews_kind_check CHECK (kind IN ('product', 'store')),
    ADD CONSTRAINT reviews_status_check CHECK (status IN ('published', 'unpublished', 'pending', 'trash')),
    ADD CONSTRAINT reviews_edit_request_check CHECK (edit_request IN ('unconfirmed', 'confirmed', 'denied')),
    ADD CONSTRAINT reviews_verified_check CHECK (NOT (verified AND imported))`);
  // Keyset paging per tab and per product; one review per line item.
  await knex.raw('CREATE INDEX reviews_shop_status_created ON reviews (shop_id, status, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX reviews_shop_created ON reviews (shop_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX reviews_shop_product ON reviews (shop_id, product_key, status, created_at DESC, id DESC)');
  await knex.raw("CREATE INDEX reviews_trash_purge ON reviews (deleted_at) WHERE status = 'trash'");
  await knex.raw("CREATE INDEX reviews_pending ON reviews (created_at) WHERE status = 'pending'");
  await knex.raw('CREATE INDEX reviews_shop_email ON reviews (shop_id, lower(email))');
  await knex.raw('CREATE UNIQUE INDEX reviews_line_item ON reviews (shop_id, line_item_id) WHERE line_item_id IS NOT NULL');

  // Published reviews only; product_key '' is the store itself.
  await knex.schema.createTable('review_summaries', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('product_key').notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.integer('rating_sum').notNullable().defaultTo(0);
    for (const n of [1, 2, 3, 4, 5]) t.integer(`stars${n}`).notNullable().defaultTo(0);
    t.integer('media_count').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.unique(['shop_id', 'product_key']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('review_summaries');
  await knex.schema.dropTable('reviews');
}
