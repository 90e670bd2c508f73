// The table lint itself (tools/lint): ownership read from migrations' syntax trees, and the tables
// a plugin's code touches through knex builders, SQL text in any case and names held in variables.
// Fixture sources live here, not in plugins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { foreignTables, ownership } from '../../tools/lint/boundaries';
import { plugins, ROOT } from '../../tools/lint/files';
import { parseFile, parseSource } from '../../tools/lint/parse';
import { namesInSql } from '../../tools/lint/sql';
import { tablesTouched } from '../../tools/lint/table-uses';
import { tablesCreatedIn } from '../../tools/lint/tables';

const installed = plugins();
const { owners } = ownership(installed);
/** A source written in plugins/<plugin>/api/, checked against the real table owners. */
const offences = (plugin: string, source: string) =>
  foreignTables(parseSource(path.join(ROOT, `plugins/${plugin}/api/probe.ts`), source), { plugin, dataUpgrade: false, test: false }, owners);
const touched = (source: string, name = 'probe.ts') => tablesTouched(parseSource(name, source)).refs.map((r) => `${r.line}:${r.table}`);

// The probes' example: the first table a plugin owns, touched from another installed plugin (any
// plugin may be absent: tests/integration/plugin-removal.test.ts runs this file without one).
const [table, owner] = [...owners].find(([t, o]) => o !== 'kernel' && /^[a-z_][a-z0-9_]*$/.test(t)) ?? ['', ''];
const other = installed.find((p) => p.id !== owner)?.id ?? '';
const probesRun = owner && other ? describe : describe.skip;
const probesTitle =
  owner && other
    ? `the issue's three probes are caught in a plugin other than the owner (table "${table}" of plugin "${owner}", from plugin "${other}")`
    : "the issue's three probes: skipped, no installed plugin owns a table that another installed plugin could touch";

probesRun(probesTitle, () => {
  const probes = {
    [`\`.from('${table}')\` after a \`)\``]: `export const rows = () => knex.select('id').from('${table}').where({ shopId: 1 });`,
    'lowercase SQL': `export const rows = () => knex.raw('select * from ${table} where shop_id = ?', [1]);`,
    'a table name held in a variable': `const t = '${table}';\nexport const rows = () => knex(t).where({ shopId: 1 });`,
  };
  test.each(Object.entries(probes))('%s', (_, source) => {
    expect(offences(other, source)).toEqual([expect.stringContaining(`touches table "${table}" of plugin "${owner}"`)]);
    expect(offences(owner, source)).toEqual([]);
  });
});

test('knex builders: calls, chained methods, joins, aliases, schema and models', () => {
  expect(touched("trx('reviews'); db('email_queue as q'); deps.knex({ r: 'questions' });")).toEqual(['1:reviews', '1:email_queue', '1:questions']);
  expect(touched("q.leftJoin('reviews as r', 'r.id', 'x.review_id').innerJoin('questions', function () { this.on('a', 'b'); });")).toEqual([
    '1:reviews',
    '1:questions',
  ]);
  expect(touched("knex.insert(row).into('reviews'); tenant.table('questions'); tenant.insertInto('email_queue', rows);")).toEqual([
    '1:reviews',
    '1:questions',
    '1:email_queue',
  ]);
  expect(touched("knex.schema.alterTable('reviews', (t) => t.string('x')); t.bigInteger('review_id').references('id').inTable('questions');")).toEqual([
    '1:reviews',
    '1:questions',
  ]);
  expect(touched("t.bigInteger('shop_id').references('shops.id'); t.string('kind').references('id');")).toEqual(['1:shops']);
  expect(
    touched(
      "class Review extends Model { static tableName = 'reviews'; static get relationMappings() { return { q: { join: { from: 'reviews.id', to: 'questions.review_id' } } }; } }",
    ),
  ).toEqual(['1:reviews', '1:questions']);
  expect(touched("function f(q: Knex) { return q('reviews'); }")).toEqual(['1:reviews']);
});

test('SQL text in any case, in raw calls and statements held anywhere', () => {
  expect(touched("knex.raw('SELECT * FROM Reviews r JOIN questions q ON q.id = r.id')")).toEqual(['1:reviews', '1:questions']);
  expect(touched("q.whereRaw('id in (select review_id from email_queue)'); q.orderByRaw('x')")).toEqual(['1:email_queue']);
  expect(touched('const SQL = `\n  update reviews set x = 1\n  from questions q`;\nawait client.query(SQL);')).toEqual(['2:reviews', '3:questions']);
  expect(touched(`const T = "reviews";\nknex.raw(\`delete from \${T} where id = ?\`, [1]);`)).toEqual(['2:reviews']);
  expect(touched('knex.raw(\'insert into "reviews" (id) values (1); truncate questions, email_queue\')')).toEqual([
    '1:reviews',
    '1:questions',
    '1:email_queue',
  ]);
});

test('names are followed through constants, loops, callbacks, helpers and sibling files', () => {
  expect(touched("const TABLES = ['reviews', 'questions'] as const;\nfor (const t of TABLES) await knex(t).del();")).toEqual(['2:reviews', '2:questions']);
  expect(touched(`const T = { r: 'reviews' };\nknex(T.r); knex(\`\${T.r}\`); knex(flag ? 'questions' : T['r']);`)).toEqual(['2:reviews', '2:questions']);
  expect(touched("['reviews', 'questions'].forEach((t) => knex(t).del());")).toEqual(['1:reviews', '1:questions']);
  expect(touched("const wipe = (t: string) => trx(t).del();\nwipe('reviews'); wipe('questions');")).toEqual(['1:reviews', '1:questions']);
  expect(touched("class Queue extends Model { static tableName = 'email_queue'; }\nconst TABLE = Queue.tableName;\nknex(TABLE);")).toEqual([
    '1:email_queue',
    '3:email_queue',
  ]);
  expect(touched(`const names = Object.values({ a: 'reviews' }).map((n) => \`\${n}\`);\nfor (const n of names) knex(n);`)).toEqual(['2:reviews']);
  // another file of the plugin holds the name
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-'));
  try {
    fs.writeFileSync(path.join(dir, 'tables.ts'), "export const REVIEWS = 'reviews';\nconst Q = 'questions';\nexport { Q as QUESTIONS };\n");
    fs.writeFileSync(
      path.join(dir, 'use.ts'),
      "import { REVIEWS, QUESTIONS } from './tables';\nimport * as T from './tables.js';\nknex(REVIEWS).join(QUESTIONS, 'a', 'b');\ntrx(T.REVIEWS);\n",
    );
    expect(tablesTouched(parseFile(path.join(dir, 'use.ts'))).refs.map((r) => `${r.line}:${r.table}`)).toEqual(['3:reviews', '3:questions', '4:reviews']);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test('what only looks like a table is not one: prose, comments, paths, arrays, translations', () => {
  expect(touched("// select * from reviews\nconst help = 'Reviews from your customers';\nt('reviews.title');")).toEqual([]);
  expect(touched("path.join('reviews', 'x'); Array.from(reviews); ['a', 'b'].join('reviews'); console.table(rows);")).toEqual([]);
  expect(touched("knex.raw('select * from unnest(?::text[]) as k(key) cross join lateral (select 1) x', [keys])")).toEqual([]);
});

test('a name the lint cannot follow is reported as unresolved, with its line', () => {
  const unresolved = (source: string) => tablesTouched(parseSource('probe.ts', source)).unresolved.map((u) => u.line);
  expect(unresolved('export function wipe(t: string) {\n  return knex(t).del();\n}')).toEqual([2]);
  expect(unresolved(`export const q = (t: string) => knex.raw(\`select * from \${t}\`);`)).toEqual([1]);
  expect(unresolved('knex(function () { this.select(1); }); q.from(knex.raw("x"))')).toEqual([]);
});

test('migrations: tables created by calls or SQL in any case, in loops, from constants and templates', () => {
  const created = (source: string) => {
    const found = tablesCreatedIn(parseSource('migration.ts', source));
    return { tables: found.created.map((c) => c.table), problems: found.problems.map((p) => `${p.line}: ${p.message}`) };
  };
  expect(
    created(`
    const PREFIX = 'stats';
    for (const [table, column] of [['stats_daily', 'day'], ['stats_monthly', 'month']] as const) {
      await knex.schema.createTable(table, (t) => t.date(column));
    }
    await knex.schema.createTableIfNotExists(\`\${PREFIX}_shops\`, (t) => t.increments());
    await Promise.all(['a', 'b'].map((s) => knex.schema.createTable(PREFIX + '_' + s, () => {})));
    await knex.raw('create table if not exists "Stats_Raw" (id int)');
    await knex.raw(\`CREATE UNLOGGED TABLE \${PREFIX}_log (id int)\`);
    await knex.raw('alter table stats_log rename to stats_journal');
    await knex.schema.renameTable('stats_a', 'stats_first');
  `),
  ).toEqual({
    tables: ['stats_daily', 'stats_monthly', 'stats_shops', 'stats_a', 'stats_b', 'Stats_Raw', 'stats_log', 'stats_journal', 'stats_first'],
    problems: [],
  });
  // a name only known at run time: the author makes it resolvable
  expect(created('export async function up(knex: Knex) {\n  await knex.schema.createTable(process.env.T!, () => {});\n}').problems).toEqual([
    expect.stringMatching(/^2: cannot tell the table of knex\.schema\.createTable\(process\.env\.T!/),
  ]);
  expect(created(`const make = (name: string) => knex.raw(\`create table \${name} (id int)\`);`).problems).toEqual([
    expect.stringMatching(/^1: cannot tell the table of SQL/),
  ]);
});

test('SQL table positions: FROM lists, joins, DML and DDL, in any case', () => {
  const names = (sql: string) => namesInSql(sql).map((n) => n.name);
  expect(names('SELECT a FROM reviews r, questions AS q WHERE x IN (1, 2) ORDER BY a, b')).toEqual(['reviews', 'questions']);
  expect(names('with x as (select 1) Select * from public.reviews left join "Mixed" m on true')).toEqual(['reviews', 'Mixed']);
  expect(names('DELETE FROM a USING b WHERE a.id = b.id; UPDATE c SET x = 1; INSERT INTO d (x) SELECT 1 FOR UPDATE SKIP LOCKED')).toEqual(['a', 'b', 'c', 'd']);
  expect(names('CREATE UNIQUE INDEX CONCURRENTLY i ON e (x); CREATE TRIGGER t AFTER INSERT ON f REFERENCING NEW TABLE AS n FOR EACH ROW')).toEqual(['e', 'f']);
  expect(names('select extract(epoch from created_at) from g, lateral (select 1) l')).toEqual(['created_at', 'g']);
});
