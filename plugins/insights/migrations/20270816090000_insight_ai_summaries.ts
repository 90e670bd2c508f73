import type { Knex } from 'knex';

// The review box's summary written by the shop's language model (issue 35, deliverable 5): the
// setting that turns it on (off by default, beside the drafts' settings) and per product and shopper
// language the stored summary, with how many published reviews it was written from and when. The
// rows bump the shop's insights version through the counts' trigger function (migration
// 20270801090000), so a summary stored, replaced or dropped reaches the cached boxes at once; the
// settings row does too, so turning the summary off shows the quoted sentences at once.
export async function up(knex: Knex) {
  await knex.schema.alterTable('insight_settings', (t) => {
    t.boolean('storefront_summary').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('insight_product_summaries', (t) => {
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('product_id', 100).notNullable();
    /** the shopper language it is written in ('en', 'de', 'pt-BR') */
    t.string('language', 8).notNullable();
    /** null: the model's last answer was refused by the guard (kept so the hourly limit holds) */
    t.text('text');
    /** published reviews of the product when it was written: the shopper's label says "from N reviews" */
    t.integer('reviews').notNullable();
    t.string('provider', 16).notNullable();
    t.string('model', 200).notNullable();
    t.timestamp('generated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'product_id', 'language']);
  });
  for (const table of ['insight_product_summaries', 'insight_settings']) {
    await knex.raw(`CREATE TRIGGER ${table}_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION insight_versions_bump()`);
    await knex.raw(`CREATE TRIGGER ${table}_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION insight_versions_bump()`);
    await knex.raw(`CREATE TRIGGER ${table}_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION insight_versions_bump()`);
  }
}

export async function down(knex: Knex) {
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS insight_settings_${op} ON insight_settings`);
  await knex.schema.dropTableIfExists('insight_product_summaries');
  await knex.schema.alterTable('insight_settings', (t) => {
    t.dropColumn('storefront_summary');
  });
}
