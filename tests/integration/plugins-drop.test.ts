// `plaudit plugins:drop <id>`: what a deleted plugin left in the database goes, on purpose only.
import { execFile } from 'node:child_process';
import { recordingMigration } from '../../api/db/plugin-schema';
import { ROOT } from '../../api/runtime/stack';
import { createShop, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

function plaudit(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'api/cli/index.ts', ...args], { cwd: ROOT, env: process.env, timeout: 30_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

test('drops the tables its migrations created, its settings and its migration rows; keeps everything else', async () => {
  // what the migration run leaves after a plugin "gone-notes" ran its migration
  const name = '20270101000000_gone_notes';
  const migration = recordingMigration('gone-notes', name, { up: async (k) => k.schema.createTable('gone_notes', (t) => t.bigIncrements('id')) });
  await api.knex.transaction(async (trx) => {
    await migration.up(trx);
  });
  await api.knex('knex_migrations').insert({ name, batch: 99, migrationTime: new Date() });
  const { shop } = await createShop(api);
  await api.knex('settings').insert([
    { shopId: shop.id, namespace: 'gone-notes', value: {} },
    { shopId: shop.id, namespace: 'gone-notes.templates', value: {} },
    { shopId: shop.id, namespace: 'gone-notes-other', value: {} },
  ]);
  expect((await api.knex('plugin_tables').where({ plugin: 'gone-notes' }).select('tableName')).map((r) => r.tableName)).toEqual(['gone_notes']);

  const run = await plaudit('plugins:drop', 'gone-notes');
  expect(run).toEqual({ code: 0, out: expect.stringContaining('dropped plugin "gone-notes": tables gone_notes; 2 settings row(s); 1 migration row(s)') });
  expect(await api.knex.schema.hasTable('gone_notes')).toBe(false);
  expect(await api.knex('settings').where({ shopId: shop.id }).pluck('namespace')).toEqual(['gone-notes-other']);
  expect(await api.knex('knex_migrations').where({ name }).first()).toBeUndefined();
  expect(await api.knex('plugin_migrations').where({ plugin: 'gone-notes' }).first()).toBeUndefined();
  expect(await api.knex.schema.hasTable('fixture_notes')).toBe(true);
});

test('refuses while the plugin folder is installed, and refuses a malformed id', async () => {
  const installed = await plaudit('plugins:drop', 'fixture-notes');
  expect(installed.code).toBe(2);
  expect(installed.out).toContain('plugin "fixture-notes" is still installed');
  expect(await api.knex.schema.hasTable('fixture_notes')).toBe(true);
  expect((await plaudit('plugins:drop', 'Bad_Id')).code).toBe(2);
});
