// Removing a plugin folder removes the feature (issue 11, item 5): on a copy of the repository
// without plugins/widgets, then without plugins/reviews, a database that ran the removed plugin's
// migrations still migrates; the API and the worker's activities start; the type check passes; and
// some of the remaining plugins' tests pass on a stack of their own (real worker and workflow bundle).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateLatest } from '../../api/db/migrations';
import { createLogger } from '../../api/log';
import { discoverPlugins } from '../../api/plugins/discover';
import { ROOT } from '../../api/runtime/stack';
import { createActivityDeps } from '../../workflows/worker';
import { loadActivities } from '../../workflows/registry';
import { client, createShop, startTestApi } from '../support/api';

jest.setTimeout(15 * 60_000);

const COPIED = [
  'api',
  // a removed plugin's contracts stay: the others still type-check against them
  'contracts',
  // the syntax-tree lint the static tests run
  'tools',
  'admin',
  'workflows',
  'plugins',
  'migrations',
  'locales',
  'tests',
  'emulator',
  'bench',
  'extensions',
  // the production build (tests/integration/production-build.test.ts and bench/ import it)
  'scripts',
  'tsconfig.json',
  'package.json',
  'jest.config.js',
];
const trees: string[] = [];

/** The repository without one plugin folder, sharing node_modules. */
function treeWithout(plugin: string): string {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), `plaudit-without-${plugin}-`));
  trees.push(tree);
  for (const entry of COPIED) {
    if (!fs.existsSync(path.join(ROOT, entry))) continue;
    fs.cpSync(path.join(ROOT, entry), path.join(tree, entry), { recursive: true, filter: (src) => !/[/\\](\.data|node_modules|dist|test-results)$/.test(src) });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  fs.rmSync(path.join(tree, 'plugins', plugin), { recursive: true });
  // The history recorder drives every plugin's workflows through their own messages and helpers
  // (a tool for the whole app, run by hand): it has no meaning without one of them.
  fs.rmSync(path.join(tree, 'tests', 'replay'), { recursive: true });
  return tree;
}

afterAll(() => {
  for (const tree of trees) fs.rmSync(tree, { recursive: true, force: true });
});

const pluginEnv = (tree: string) => ({ PLUGINS_ROOT: path.join(tree, 'plugins'), PLUGIN_DIRS: path.join(tree, 'tests/fixtures/plugins') });

function run(tree: string, args: string[]) {
  const result = spawnSync(process.execPath, args, { cwd: tree, env: process.env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-40).join('\n') };
}

async function startsWithout(plugin: string, tree: string) {
  const env = pluginEnv(tree);
  const discovered = discoverPlugins([env.PLUGINS_ROOT, env.PLUGIN_DIRS]);
  expect(discovered.map((p) => p.id)).not.toContain(plugin);

  // this run's database ran the removed plugin's migrations: migrating again still works
  const api = await startTestApi(env);
  try {
    const { applied, removedPlugins } = await migrateLatest(api.knex, path.join(tree, 'migrations'), discovered);
    expect({ applied, removedPlugins }).toEqual({ applied: [], removedPlugins: [plugin] });

    // the API started without it (above); the remaining plugins answer, the removed one's routes are gone
    const { token } = await createShop(api);
    const http = client(api.url, token);
    expect((await http.get('/api/health')).status).toBe(200);
    expect((await http.post('/api/fixture-notes', { text: `without ${plugin}` })).status).toBe(201);

    // the worker's activities and event handlers load without it
    const deps = await createActivityDeps(api.config, createLogger('silent', 'removal-test'), discovered);
    try {
      expect(Object.keys(loadActivities(discovered, deps))).toContain('stampFixtureNoteRow');
      return { degraded: [...api.runtime.services.capabilities.degraded] };
    } finally {
      await deps.close();
    }
  } finally {
    await api.close();
  }
}

function typeChecks(tree: string) {
  const tsc = run(tree, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', path.join(tree, 'tsconfig.json')]);
  expect({ status: tsc.status, output: tsc.status === 0 ? '' : tsc.output }).toEqual({ status: 0, output: '' });
}

/** Some of the remaining tests, run by jest in the tree: its own database, Temporal, worker and bundle. */
function remainingTestsPass(tree: string, tests: string[]) {
  const jest = run(tree, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', ...tests]);
  expect({ status: jest.status, output: jest.status === 0 ? '' : jest.output }).toEqual({ status: 0, output: '' });
}

test('without plugins/widgets: migrations, start-up, the type check and the remaining tests all pass', async () => {
  const tree = treeWithout('widgets');
  await startsWithout('widgets', tree);
  typeChecks(tree);
  remainingTestsPass(tree, ['plugins/reviews/tests/paging.test.ts', 'tests/fixtures/plugins/fixture-notes/tests/fixture-plugin.test.ts']);
});

test('without plugins/reviews: the same, and widgets reports the capability it runs without', async () => {
  const tree = treeWithout('reviews');
  const { degraded } = await startsWithout('reviews', tree);
  expect(degraded).toContain(
    'Plugin "widgets" runs without capability "reviews.feed", which no installed plugin provides (it is usually provided by plugin "reviews")',
  );
  expect(degraded).toContain(
    'Plugin "rewards" runs without capability "reviews.facts", which no installed plugin provides (it is usually provided by plugin "reviews")',
  );
  typeChecks(tree);
  remainingTestsPass(tree, ['plugins/widgets/tests/settings.test.ts', 'tests/fixtures/plugins/fixture-notes/tests/fixture-plugin.test.ts']);
});
