// The production build (issue 29): scripts/build.ts compiles into a temporary folder beside a
// node_modules without tsx and without any devDependency (what `npm ci --omit=dev` leaves); there,
// by plain node with TypeScript support off, every module the app requires at run time loads and
// the compiled API answers /api/health against the test stack. (The workflow bundle is left out:
// the worker's start is what `npm run bench:production` measures.)
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { freePort, startOnFreshPorts } from '../../api/runtime/ports';
import { stopChild } from '../../api/runtime/temporal-dev-server';
import { loadConfig } from '../../api/config';
import { discoverPlugins } from '../../api/plugins/discover';
import { checkLoads } from '../../scripts/build';

const ROOT = path.resolve(__dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-build-test-'));
const dist = path.join(dir, 'dist');
let api: ChildProcess | undefined;
/** the compiled API's address, once it listens */
let apiUrl: string | undefined;

/** <dir>/node_modules: a link to each installed package except tsx and the devDependencies. */
function productionModules(target: string) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const left = new Set(['tsx', '.bin', '.package-lock.json', ...Object.keys(pkg.devDependencies ?? {})]);
  const source = path.join(ROOT, 'node_modules');
  for (const name of fs.readdirSync(source)) {
    const names = name.startsWith('@') ? fs.readdirSync(path.join(source, name)).map((n) => `${name}/${n}`) : [name];
    for (const n of names.filter((n) => !left.has(n))) {
      fs.mkdirSync(path.dirname(path.join(target, n)), { recursive: true });
      fs.symlinkSync(path.join(source, n), path.join(target, n));
    }
  }
}

/** The compiled processes' environment: production, and no PLUGIN_DIRS (its plugins are compiled in dist/plugins already: set again they would be found twice). */
const production = (extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_ENV: 'production',
  NODE_OPTIONS: '',
  PLUGIN_DIRS: '',
  APP_URL: 'http://127.0.0.1:3000',
  LOG_LEVEL: 'warn',
  ...extra,
});

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd, env, timeout: 120_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** Resolves with the port once the child reports ready; rejects with its output if it exits. */
function listening(child: ChildProcess): Promise<void> {
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  return new Promise((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`the compiled API exited (${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  // the run's PLUGIN_DIRS (the fixture plugins) compile into dist/plugins along with plugins/
  await run(['--import', 'tsx', 'scripts/build.ts', '--out', dist, '--skip-workflows', '--skip-check'], ROOT, process.env);
  productionModules(path.join(dir, 'node_modules'));
}, 120_000);

afterAll(async () => {
  if (api) await stopChild(api);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the build holds every plugin, compiled, and finds no tsx beside it', () => {
  expect(fs.existsSync(path.join(dist, 'api/server.js'))).toBe(true);
  // the plugins/ folder's and PLUGIN_DIRS' (the fixture plugins), each with its manifest compiled and no TypeScript entry
  const installed = discoverPlugins(loadConfig(process.env, ROOT).pluginDirs)
    .filter((p) => p.sides.manifest)
    .map((p) => p.id);
  expect(installed).toContain('fixture-notes');
  const built = discoverPlugins([path.join(dist, 'plugins')]);
  expect(built.map((p) => p.id).sort()).toEqual(expect.arrayContaining(installed.sort()));
  for (const p of built.filter((b) => installed.includes(b.id))) expect([p.id, p.sides.manifest]).toEqual([p.id, path.join(p.dir, 'plugin.js')]);
  const resolve = (name: string) => spawnSync(process.execPath, ['-e', `require.resolve(${JSON.stringify(name)})`], { cwd: dist }).status;
  expect(resolve('koa')).toBe(0);
  expect(resolve('tsx')).not.toBe(0);
  expect(resolve('typescript')).not.toBe(0);
});

test('every plugin side, migration and process entry loads with the production packages alone', () => {
  expect(() => checkLoads(dist)).not.toThrow();
}, 60_000);

test("the compiled CLI migrates (the Procfile's release line)", async () => {
  const out = await run(['--no-experimental-strip-types', path.join(dist, 'api/cli/index.js'), 'migrate'], dir, production());
  // the test stack migrated the same kernel, plugins and fixture plugins from source
  expect(out.trim()).toBe('already up to date');
}, 60_000);

/** GET without keep-alive: no socket outlives the test. */
function get(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      })
      .on('error', reject);
  });
}

/** The compiled API on `port`; resolves once it listens. */
async function startCompiledApi(port: number): Promise<number> {
  api = spawn(process.execPath, ['--no-experimental-strip-types', path.join(dist, 'api/server.js')], {
    cwd: dir,
    env: production({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}` }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  await listening(api);
  return port;
}

test('the compiled API starts with plain node and answers /api/health', async () => {
  // a child binds the port it is given: fresh ones if another process took it first
  const port = await startOnFreshPorts([await freePort()], ([p]) => startCompiledApi(p));
  apiUrl = `http://127.0.0.1:${port}`;
  const health = await get(`${apiUrl}/api/health`);
  expect(health.status).toBe(200);
  expect(JSON.parse(health.text)).toMatchObject({ status: 'ok', database: { status: 'up' }, temporal: { status: 'up' } });
}, 60_000);

// the widgets' browser scripts, bundled by the API from the storefront sources the build ships
(fs.existsSync(path.join(ROOT, 'plugins/widgets')) ? test : test.skip)(
  'the compiled API serves the widget scripts it bundles from the shipped storefront sources',
  async () => {
    const script = await get(`${apiUrl}/storefront/assets/review-box.000000000000.js`);
    expect(script.status).toBe(200);
    expect(script.text.length).toBeGreaterThan(500);
  },
  30_000,
);
