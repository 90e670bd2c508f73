import type { Knex } from 'knex';

// Imports (plugins/imports): the same file or marketplace page imported twice must not create the
// reviews twice. `import_key` is the review's identity in its source (`judgeme:<id>`, `aliexpress:<id>`,
// or a hash of its content), unique per shop; `imported_verified` keeps the previous app's "verified
// buyer" without making it ours (SHOPIFY.md: imported reviews are never verified here).
export async function up(knex: Knex) {
  await knex.schema.alterTable('reviews', (t) => {
    t.string('import_key', 200);
    t.boolean('imported_verified').notNullable().defaultTo(false);
  });
  await knex.raw('CREATE UNIQUE INDEX reviews_shop_import_key ON reviews (shop_id, import_key) WHERE import_key IS NOT NULL');
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS reviews_shop_import_key');
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumn('import_key');
    t.dropColumn('imported_verified');
  });
}
