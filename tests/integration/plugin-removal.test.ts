// Removing a plugin folder removes the feature (issue 11, item 5; issue 28): on a copy of the
// repository without plugins/widgets, then without plugins/reviews, a database that ran the removed
// plugin's migrations still migrates; the API and the worker's activities start; the type check passes;
// and one jest run in the copy (one stack of its own: database, Temporal, real worker and workflow
// bundle) passes the repository's rules (the static tests of tests/unit/), the fixture plugin's suite and a
// node file that runs without it.
//
// Which suites: a plugin notices another's absence only through the contracts (it imports no other
// plugin's files and touches no other plugin's tables: tests/unit/plugin-boundaries.test.ts), so the
// plugins whose manifest `needs` or `listens` names a reference the removed plugin offers (its
// contracts/<id>.ts and the capabilities it `provides`) are the ones whose behaviour changes: the test
// lists them; their start-up without it is checked, not their whole suites (see the reviews case). The
// rules over the repository (tests/unit/: boundaries, cycles, locales, webhook topics) run, because they
// must hold in the smaller tree too: their checks take their examples (a table a plugin owns, a plugin's
// customer texts) from the plugins present, and are told which plugin is gone (PLAUDIT_REMOVED_PLUGINS),
// whose entries the kernel's shared locale lists may keep. The rest of the static project does not: a
// remaining plugin's unit tests import no other plugin (the same boundaries; the one that reads every
// manifest, billing's feature names, asks that each declared feature be named, which a removal only
// shrinks), and the store emulator's tests (tests/emulator/) read no plugin, so a removal cannot make them
// fail (they cost a copy's run about 20 s of CPU on a 2-core host, docs/plugins.md). The fixture
// plugin's suite proves the copy's own stack. REMOVAL_SUITES=whole (by hand) runs every remaining plugin's
// whole suite instead, the users' excepted. Measured times: docs/plugins.md, "Migrations and removing a plugin".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CapabilityRef, EventRef } from '../../contracts/define';
import { loadManifests } from '../../api/kernel/assemble';
import { migrateLatest } from '../../api/db/migrations';
import { createLogger } from '../../api/log';
import { discoverPlugins } from '../../api/plugins/discover';
import { KERNEL_WEBHOOK_TOPICS } from '../../api/platform/webhook-routes';
import { ROOT } from '../../api/runtime/stack';
import { createActivityDeps } from '../../workflows/worker';
import { loadActivities } from '../../workflows/registry';
import { ReviewFacts, ReviewFeed } from '../../contracts/reviews';
import { GoogleProductIds } from '../../contracts/widgets';
import { client, createShop, startTestApi } from '../support/api';

/**
 * `REMOVAL_SUITES=whole` (run by hand, not in CI: about as long as the whole suite): instead of the
 * bounded selection, every remaining plugin's whole suite runs in the copy (its node, admin and browser
 * tests, on an admin built without the plugin), but for the plugins that use the removed one.
 */
const WHOLE = process.env.REMOVAL_SUITES === 'whole';

jest.setTimeout((WHOLE ? 120 : 15) * 60_000);

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
  // read by static tests (tests/unit/webhook-topics.test.ts)
  'shopify.app.toml',
  'package.json',
  'jest.config.js',
];
const trees: string[] = [];

/**
 * What an integrator does with the plugin's folder: drops from shopify.app.toml the webhook topics only
 * that plugin declared (the app must subscribe exactly what someone handles: tests/unit/webhook-topics.test.ts).
 */
function unsubscribeTopicsOf(plugin: string, tree: string) {
  const manifests = loadManifests(discoverPlugins([path.join(ROOT, 'plugins')]));
  const kept = new Set([...KERNEL_WEBHOOK_TOPICS, ...manifests.filter((m) => m.id !== plugin).flatMap((m) => m.webhookTopics ?? [])]);
  const dropped = new Set((manifests.find((m) => m.id === plugin)?.webhookTopics ?? []).filter((t) => !kept.has(t)));
  if (!dropped.size) return;
  const file = path.join(tree, 'shopify.app.toml');
  const toml = fs.readFileSync(file, 'utf8').replace(/^(\s*topics\s*=\s*)\[([^\]]*)\]/gm, (list, head: string, items: string) => {
    const topics = [...items.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    return topics.some((t) => dropped.has(t))
      ? `${head}[${topics
          .filter((t) => !dropped.has(t))
          .map((t) => `"${t}"`)
          .join(', ')}]`
      : list;
  });
  fs.writeFileSync(file, toml);
}

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
  unsubscribeTopicsOf(plugin, tree);
  // The history recorder drives every plugin's workflows through their own messages and helpers
  // (a tool for the whole app, run by hand): it has no meaning without one of them.
  fs.rmSync(path.join(tree, 'tests', 'replay'), { recursive: true });
  return tree;
}

afterAll(() => {
  for (const tree of trees) fs.rmSync(tree, { recursive: true, force: true });
});

const pluginEnv = (tree: string) => ({ PLUGINS_ROOT: path.join(tree, 'plugins'), PLUGIN_DIRS: path.join(tree, 'tests/fixtures/plugins') });

/** A command in the copy (node with `args` unless another `command` is named): its status and output. */
function run(tree: string, args: string[], env: NodeJS.ProcessEnv = {}, command = process.execPath) {
  const result = spawnSync(command, args, { cwd: tree, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const full = `${result.stdout}\n${result.stderr}`.trim();
  return { status: result.status, full, output: full.split('\n').slice(-40).join('\n') };
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

// `npm run typecheck` keeps its state here (package.json): tsc then checks again only what changed
const TYPECHECK_STATE = /--tsBuildInfoFile (\S+)/.exec(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.typecheck)![1];

/**
 * The copy's own `npm run typecheck`, starting from the repository's last one when there is one (npm test
 * runs it first): tsc re-checks only the files the removal changed or whose imports it changed, about a
 * fifth of a full check. Its state names node_modules through the copy's symlink (--preserveSymlinks),
 * so the copy's paths match the repository's.
 */
function typeChecks(tree: string) {
  const state = path.join(ROOT, TYPECHECK_STATE);
  const fromState = fs.existsSync(state);
  if (fromState) fs.cpSync(state, path.join(tree, TYPECHECK_STATE));
  const started = Date.now();
  const tsc = run(tree, ['run', '--silent', 'typecheck'], {}, 'npm');
  expect({ status: tsc.status, output: tsc.status === 0 ? '' : tsc.output }).toEqual({ status: 0, output: '' });
  return { typeCheckSeconds: Math.round((Date.now() - started) / 1000), fromState };
}

type Reference = CapabilityRef<unknown> | EventRef<unknown>;
const idOf = (ref: Reference) => (ref.kind === 'capability' ? `capability ${ref.id}` : `event ${ref.name}`);

/** What `plugin` offers the others: the references of its contract file and the capabilities it provides. */
function offeredBy(plugin: string): Set<string> {
  const contract = path.join(ROOT, 'contracts', `${plugin}.ts`);
  const exported: unknown[] = fs.existsSync(contract) ? Object.values(require(contract)) : [];
  const refs = exported.filter((v): v is Reference => typeof v === 'object' && v !== null && ['capability', 'event'].includes((v as Reference).kind));
  const manifest = loadManifests(discoverPlugins([path.join(ROOT, 'plugins')]).filter((p) => p.id === plugin))[0];
  return new Set([...refs, ...(manifest?.provides ?? []).map((p) => p.ref)].map(idOf));
}

/** The remaining plugins whose manifest needs or listens to something `plugin` offers. */
function usersOf(plugin: string): string[] {
  const offered = offeredBy(plugin);
  const others = loadManifests(discoverPlugins([path.join(ROOT, 'plugins')]).filter((p) => p.id !== plugin));
  const uses = (m: (typeof others)[number]) =>
    [...(m.needs ?? []).map((n) => ('required' in n ? n.required : n)), ...(m.listens ?? [])].some((ref) => offered.has(idOf(ref)));
  return others.filter(uses).map((m) => m.id);
}

/**
 * One jest run in the tree without `plugin` (its own stack): the repository's rules, the fixture
 * plugin's suite and the node test files or folders given; with REMOVAL_SUITES=whole, the whole suites
 * of the remaining plugins but `users` instead. Returns the summary line and how long the run took.
 */
function remainingTestsPass(tree: string, plugin: string, nodeTests: string[], users: string[]) {
  const selected = WHOLE ? [...pluginFolders(tree, users), ...nodeTests] : nodeTests;
  const suites = [...selected, 'tests/fixtures/plugins/fixture-notes/tests/'].map((dir) => path.join(tree, dir));
  const jestBin = path.join(ROOT, 'node_modules/jest/bin/jest.js');
  const started = Date.now();
  const projects = WHOLE ? ['static', 'node', 'admin', 'browser'] : ['static', 'node'];
  if (WHOLE) buildAdmin(tree);
  // Its hooks' and tests' hang guard three times the suite's: this run always shares the machine with the
  // outer run's other files (beside stress-ng, a start-up of the copy's API took over the 60 s).
  const args = [
    jestBin,
    '--ci',
    '--testTimeout',
    String(3 * 60_000),
    '--selectProjects',
    ...projects,
    '--testPathPatterns',
    ...staticPatterns(tree),
    ...suites,
  ];
  const jest = run(tree, args, { PLAUDIT_REMOVED_PLUGINS: plugin });
  // the whole run's output, for the failures the last lines below do not show
  const log = path.join(os.tmpdir(), `plaudit-removal-${plugin}-${process.pid}.log`);
  fs.writeFileSync(log, jest.full);
  expect({ status: jest.status, output: jest.status === 0 ? '' : `${jest.output}\n(all of it: ${log})` }).toEqual({ status: 0, output: '' });
  return { summary: jest.full.split('\n').find((l) => l.startsWith('tests: ')), seconds: Math.round((Date.now() - started) / 1000) };
}

/** The remaining plugins' folders (their tests/, their admin's tests), but the users'. */
const pluginFolders = (tree: string, users: string[]) =>
  fs
    .readdirSync(path.join(tree, 'plugins'))
    .filter((id) => !users.includes(id) && fs.statSync(path.join(tree, 'plugins', id)).isDirectory())
    .map((id) => `plugins/${id}/`);

/** The admin the copy's browser tests open, built from the copy's plugins (so it builds without the removed one). */
function buildAdmin(tree: string) {
  const vite = run(tree, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'admin/vite.config.mts', '--logLevel', 'warn'], {
    ...pluginEnv(tree),
    ADMIN_DIST: path.join(tree, '.data/test-admin'),
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
    // jest's NODE_ENV=test would give React's development build, as `npm test`'s own build never has
    NODE_ENV: 'production',
  });
  expect({ status: vite.status, output: vite.status === 0 ? '' : vite.output }).toEqual({ status: 0, output: '' });
}

/**
 * The static tests the run takes, as path patterns: the repository's rules (tests/unit/); with
 * REMOVAL_SUITES=whole, every static test of the tree (jest.config.js's static project).
 */
const staticPatterns = (tree: string) => [path.join(tree, 'tests/unit/'), ...(WHOLE ? [path.join(tree, 'tests/emulator/'), '\\.unit\\.test\\.ts$'] : [])];

test('without plugins/widgets: migrations, start-up, the type check and the remaining tests all pass; syndication reports the capability it runs without', async () => {
  const tree = treeWithout('widgets');
  const { degraded } = await startsWithout('widgets', tree);
  // widgets offers one capability, Google's product identifiers from its catalogue cache: syndication's Google push
  expect(degraded).toContain(
    `Plugin "syndication" runs without capability "${GoogleProductIds.id}", which no installed plugin provides (it is usually provided by plugin "widgets")`,
  );
  const typeCheck = typeChecks(tree);
  const users = usersOf('widgets');
  expect(users).toEqual(['syndication']);
  console.log(`without widgets (users: ${users.join(', ')}):`, typeCheck, remainingTestsPass(tree, 'widgets', [], users));
});

test('without plugins/reviews: the same, and widgets reports the capability it runs without', async () => {
  const tree = treeWithout('reviews');
  const { degraded } = await startsWithout('reviews', tree);
  expect(degraded).toContain(
    `Plugin "widgets" runs without capability "${ReviewFeed.id}", which no installed plugin provides (it is usually provided by plugin "reviews")`,
  );
  expect(degraded).toContain(
    `Plugin "rewards" runs without capability "${ReviewFacts.id}", which no installed plugin provides (it is usually provided by plugin "reviews")`,
  );
  const typeCheck = typeChecks(tree);
  const users = usersOf('reviews');
  expect(users).toEqual(expect.arrayContaining(['widgets', 'rewards', 'review-requests', 'public-api']));
  // Not the users' whole node suites: they test their features with reviews present (they seed reviews
  // through its capabilities), so without it they fail by design, and running them would add about 70
  // files to CI. One file that runs without reviews proves the degraded path; the users' start-up is above.
  console.log(
    `without reviews (users: ${users.join(', ')}):`,
    typeCheck,
    remainingTestsPass(tree, 'reviews', ['plugins/widgets/tests/settings.test.ts'], users),
  );
});
