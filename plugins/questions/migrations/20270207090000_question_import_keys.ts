import type { Knex } from 'knex';

// Questions and answers brought in from a file (the imports plugin, through `QuestionsImport`): each
// keeps its identity in the source (`plaudit:q:<id>`, `plaudit:a:<id>`), unique per shop, so the same
// file imported twice creates nothing the second time. NULL for everything asked here (NULLs never
// collide in a unique index).
export async function up(knex: Knex) {
  for (const table of ['questions', 'question_answers']) {
    await knex.schema.alterTable(table, (t) => {
      t.string('import_key', 200);
    });
    await knex.raw(`CREATE UNIQUE INDEX ${table}_import_key ON ${table} (shop_id, import_key)`);
  }
}

export async function down(knex: Knex) {
  for (const table of ['question_answers', 'questions']) {
    await knex.raw(`DROP INDEX IF EXISTS ${table}_import_key`);
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('import_key');
    });
  }
}
