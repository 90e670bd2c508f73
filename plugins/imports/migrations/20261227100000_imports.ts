import type { Knex } from 'knex';

// One row per import run (a file or a marketplace page) with its live counts, and the rows it could
// not import (the downloadable error report). `resume_line`: rows before it are written, so a worker
// restart resumes there instead of starting over (re-writing is harmless anyway: keys de-duplicate).
export async function up(knex: Knex) {
  await knex.schema.createTable('imports', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.string('source', 16).notNullable(); // file | aliexpress | amazon
    t.string('file_name', 255).notNullable();
    t.string('stored_file', 80); // under <dataDir>/imports, removed when the run ends
    t.string('kind', 8); // csv | xlsx
    t.string('format', 32);
    t.jsonb('headers');
    t.jsonb('mapping');
    t.jsonb('options'); // a marketplace import's URL, product and filters
    t.string('status', 12).notNullable().defaultTo('uploaded'); // uploaded | running | completed | failed
    t.integer('total');
    t.integer('processed').notNullable().defaultTo(0);
    t.integer('imported').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.integer('photos_failed').notNullable().defaultTo(0);
    t.integer('run_limit');
    t.boolean('limited').notNullable().defaultTo(false);
    t.integer('resume_line').notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['shop_id', 'id']);
  });
  await knex.schema.createTable('import_errors', (t) => {
    t.bigIncrements('id');
    t.bigInteger('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.bigInteger('import_id').notNullable().references('imports.id').onDelete('CASCADE');
    t.integer('line').notNullable();
    t.string('column', 255).notNullable();
    t.text('reason').notNullable();
    t.index(['import_id', 'line']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('import_errors');
  await knex.schema.dropTable('imports');
}
