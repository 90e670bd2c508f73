// Production processes, compiled vs today (issue 29): in one run, against one PostgreSQL and one
// Temporal (embedded PostgreSQL, in-memory Temporal dev server, the SMTP sink), the API and the
// worker as they ran in production until now (`node --import tsx api/server.ts`, the worker bundling
// its workflows at every start) and as `npm run build` makes them, run by the Procfile's lines
// (plain node on the build, the workflow bundle prebuilt, the line's environment: the worker's
// MALLOC_ARENA_MAX), all NODE_ENV=production on loopback.
// - Worker cold start: spawn to polling (the worker reports ready once `worker.run()` polls), the
//   two kinds alternating, BENCH_ROUNDS rounds (default 3), one process starting at a time.
// - Idle memory: the four processes side by side, each having started and answered (APIs:
//   /api/health), then left alone for BENCH_IDLE_S seconds (default 120); the RSS is the median of
//   the last 10 one-second samples, with children (esbuild's service) counted apart. A probe loaded
//   into each process (--import of a data: URL, nothing on disk) then reports its heap before and
//   after a full GC and the packages it loaded; each loaded production dependency is then priced
//   alone (its heap in a bare node), which says where the compiled processes' memory goes.
// Goals: compiled worker <= 200 MB, compiled API <= 150 MB.
// Run: npm run bench:production
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/config';
import { createLogger } from '../api/log';
import { freePort } from '../api/runtime/ports';
import { ROOT, startInfrastructure } from '../api/runtime/stack';
import { stopChild } from '../api/runtime/temporal-dev-server';
import { buildProduction } from '../scripts/build';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// V8's memory reducer shrinks an idle API's heap within about 90 s of its start
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 120);
const GOALS = { worker: 200, api: 150 };
const MB = 1024 * 1024;

type Kind = 'tsx' | 'compiled';
type Role = 'api' | 'worker';

/**
 * What each process runs: today's production lines, and for the build the Procfile's line as written
 * (`[NAME=value ...] node <args>`: its environment too), its dist/ paths pointed at this run's build.
 */
function command(kind: Kind, role: Role, dist: string): { args: string[]; env: Record<string, string> } {
  if (kind === 'tsx') return { args: ['--import', 'tsx', path.join(ROOT, role === 'api' ? 'api/server.ts' : 'workflows/worker.ts')], env: {} };
  const name = role === 'api' ? 'web' : 'worker';
  const line = fs
    .readFileSync(path.join(ROOT, 'Procfile'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const words = (line ?? '')
    .slice(name.length + 1)
    .trim()
    .split(/\s+/);
  const env: Record<string, string> = {};
  for (let w = words[0]; w?.includes('='); w = words[0]) {
    const [key, ...value] = words.shift()!.split('=');
    env[key] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`the Procfile's ${name} line is not \`[NAME=value ...] node <args>\`: ${line}`);
  return { args: words.map((w) => (w.startsWith('dist/') ? path.join(dist, w.slice('dist/'.length)) : w)), env };
}

/**
 * Loaded into every measured process: on SIGWINCH it writes its memory, its heap after a full
 * collection (what is live, as against what awaits collection) and the code it loaded, by package.
 * (SIGUSR2 would stop a worker, Temporal's runtime shuts down on it; SIGWINCH is ignored by default.)
 */
const PROBE = `
import fs from 'node:fs'; import v8 from 'node:v8'; import vm from 'node:vm'; import { createRequire } from 'node:module';
process.on('SIGWINCH', () => {
  const before = process.memoryUsage();
  const packages = {};
  const require = createRequire(process.cwd() + '/');
  for (const file of Object.keys(require.cache)) {
    const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file);
    const name = m ? m[1] : '(app)';
    const p = (packages[name] ??= { modules: 0, bytes: 0, main: false });
    p.modules++;
    try { p.bytes += fs.statSync(file).size; } catch {}
  }
  // whether the package's main module was loaded, or only parts of it (swagger-ui-dist/package.json)
  for (const [name, p] of Object.entries(packages)) {
    try { p.main = !!require.cache[require.resolve(name)]; } catch {}
  }
  v8.setFlagsFromString('--expose-gc');
  vm.runInNewContext('gc')();
  const after = process.memoryUsage();
  const code = v8.getHeapCodeStatistics();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]));
  fs.writeFileSync(process.env.BENCH_PROBE_FILE, JSON.stringify({ before, after, code, spaces, packages }));
});`;
const PROBE_FLAG = `--import=data:text/javascript,${encodeURIComponent(PROBE)}`;

interface Measured {
  child: ChildProcess;
  kind: Kind;
  role: Role;
  startMs: number;
  port?: number;
}

async function startProcess(kind: Kind, role: Role, dist: string, env: NodeJS.ProcessEnv, probeDir: string): Promise<Measured> {
  const port = role === 'api' ? await freePort() : undefined;
  const started = performance.now();
  const run = command(kind, role, dist);
  const child = spawn(process.execPath, [PROBE_FLAG, ...run.args], {
    cwd: ROOT,
    env: {
      ...env,
      ...run.env,
      ...(port ? { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` } : {}),
      BENCH_PROBE_FILE: path.join(probeDir, `${kind}-${role}.json`),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`the ${kind} ${role} exited (${code}) before it was ready`)));
  });
  const measured = { child, kind, role, startMs: performance.now() - started, port };
  if (port) await health(port);
  return measured;
}

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}: ${await res.text()}`);
}

/** Resident memory: all of it, and the file-backed part (node's binary, native addons: pages shared between processes). */
function residentOf(pid: number): { rss: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), file: kb('RssFile') };
}

/** The process's descendants (esbuild's service under tsx and under the API's widget build). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  for (let queue = [pid]; queue.length; ) {
    const children = parents.get(queue.shift()!) ?? [];
    out.push(...children);
    queue.push(...children);
  }
  return out;
}

interface Probe {
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  code: { bytecode_and_metadata_size: number; code_and_metadata_size: number; external_script_source_size: number };
  packages: Record<string, { modules: number; bytes: number; main: boolean }>;
  rssAfterGc: number;
}

/**
 * What requiring each production dependency alone adds to a bare node's heap after a full GC: the
 * price of each package the process loaded (shared dependencies count in each that brings them).
 */
function dependencyHeap(names: string[]): Map<string, number> {
  const measure = (code: string) => {
    const out = execFileSync(process.execPath, ['--expose-gc', '-e', `${code}; gc(); gc(); console.log(process.memoryUsage().heapUsed)`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return Number(out.trim().split('\n').pop());
  };
  const bare = measure('');
  const costs = new Map<string, number>();
  for (const name of names) {
    try {
      costs.set(name, measure(`require(${JSON.stringify(name)})`) - bare);
    } catch {
      // not loadable alone (a types-only package): nothing to price
    }
  }
  return costs;
}

async function probe(m: Measured, probeDir: string): Promise<Probe> {
  const file = path.join(probeDir, `${m.kind}-${m.role}.json`);
  m.child.kill('SIGWINCH');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    // written after the collection: the resident memory now is what a full GC leaves
    if (fs.existsSync(file)) return { ...JSON.parse(fs.readFileSync(file, 'utf8')), rssAfterGc: residentOf(m.child.pid!).rss };
  }
  throw new Error(`the ${m.kind} ${m.role} wrote no probe`);
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-production-'));
  // run as root, PostgreSQL (DATA_DIR/postgres) runs as its own user, who must reach through here
  fs.chmodSync(dir, 0o755);
  const dist = path.join(dir, 'dist');
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log(`building into ${dist} ...`);
    const build = await buildProduction(dist, { workflows: true, check: false });
    // the packages, as beside a deployed build
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    console.log(`built ${build.files} files, workflow bundle ${mb(build.workflowBundleBytes ?? 0)}, in ${seconds(build.ms)}`);
    for (const role of ['api', 'worker'] as Role[]) {
      const { args, env } = command('compiled', role, 'dist');
      const vars = Object.entries(env).map(([k, v]) => `${k}=${v} `);
      console.log(`compiled ${role}: ${vars.join('')}node ${args.join(' ')} (the Procfile's)`);
    }

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dir, 'data'),
      POSTGRES_PORT: String(await freePort()),
      TEMPORAL_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      SMTP_SINK_PORT: String(await freePort()),
      TEMPORAL_NAMESPACE: 'plaudit-bench',
      TEMPORAL_TASK_QUEUE: 'plaudit-bench',
      APP_URL: 'http://127.0.0.1:3000',
      NODE_OPTIONS: '',
    };
    for (const k of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SMTP_URL', 'SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'PLUGIN_DIRS', 'PLUGINS_ROOT']) delete env[k];
    const log = createLogger('warn');
    const infra = await startInfrastructure(loadConfig({ ...env, NODE_ENV: 'development' }, ROOT), log, {
      progress: (l) => console.log(`  ${l}`),
      temporalInMemory: true,
      emulator: false,
      databaseName: 'plaudit_bench',
    });
    stops.push(infra.stop);
    Object.assign(env, infra.env);
    const probeDir = path.join(dir, 'probes');
    fs.mkdirSync(probeDir);

    const starts: Record<Kind, number[]> = { tsx: [], compiled: [] };
    const running: Measured[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const last = round === ROUNDS;
      for (const kind of ['tsx', 'compiled'] as Kind[]) {
        const worker = await startProcess(kind, 'worker', dist, env, probeDir);
        starts[kind].push(worker.startMs);
        console.log(`round ${round}: ${kind} worker polling after ${seconds(worker.startMs)}`);
        if (last) running.push(worker);
        else await stopChild(worker.child);
      }
    }
    stops.push(async () => void (await Promise.all(running.map((m) => stopChild(m.child)))));
    for (const kind of ['tsx', 'compiled'] as Kind[]) {
      const api = await startProcess(kind, 'api', dist, env, probeDir);
      running.push(api);
      console.log(`${kind} API ready after ${seconds(api.startMs)}`);
    }

    console.log(`idle for ${IDLE_S} s ...`);
    const samples = new Map<Measured, { own: number; file: number; children: number }[]>(running.map((m) => [m, []]));
    for (let s = 0; s < IDLE_S; s++) {
      await new Promise((r) => setTimeout(r, 1000));
      for (const m of running) {
        const { rss, file } = residentOf(m.child.pid!);
        samples.get(m)!.push({ own: rss, file, children: descendants(m.child.pid!).reduce((sum, pid) => sum + residentOf(pid).rss, 0) });
      }
    }
    const idle = (m: Measured) => {
      const last = samples.get(m)!.slice(-10);
      return { own: median(last.map((x) => x.own)), file: median(last.map((x) => x.file)), children: median(last.map((x) => x.children)) };
    };
    const probes = new Map<Measured, Probe>();
    for (const m of running) probes.set(m, await probe(m, probeDir));

    const find = (kind: Kind, role: Role) => running.find((m) => m.kind === kind && m.role === role)!;
    console.log('');
    console.log(
      `${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(1)}; ${build.plugins.length} plugins`,
    );
    console.log(
      '| process | idle RSS | of which file-backed | V8 heap used | after a full GC | of which bytecode + source | RSS after a full GC | esbuild child | start to ready |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const role of ['worker', 'api'] as Role[]) {
      for (const kind of ['tsx', 'compiled'] as Kind[]) {
        const m = find(kind, role);
        const { before, after, code, rssAfterGc } = probes.get(m)!;
        const start = role === 'worker' ? `${seconds(median(starts[kind]))} (median of ${ROUNDS})` : seconds(m.startMs);
        const compiledCode = code.bytecode_and_metadata_size + code.external_script_source_size;
        console.log(
          `| ${kind} ${role} | ${mb(idle(m).own)} | ${mb(idle(m).file)} | ${mb(before.heapUsed)} | ${mb(after.heapUsed)} | ${mb(compiledCode)} | ${mb(rssAfterGc)} | ${mb(idle(m).children)} | ${start} |`,
        );
      }
    }
    console.log('');
    for (const role of ['worker', 'api'] as Role[]) {
      const compiled = idle(find('compiled', role)).own;
      const tsx = idle(find('tsx', role)).own;
      const goal = GOALS[role] * MB;
      console.log(
        `${role}: idle RSS compiled / tsx ${(compiled / tsx).toFixed(2)}; goal <= ${GOALS[role]} MB ${compiled <= goal ? 'met' : 'MISSED'} (${mb(compiled)})`,
      );
    }
    console.log(
      `worker cold start compiled / tsx ${(median(starts.compiled) / median(starts.tsx)).toFixed(2)} (${starts.tsx.map(seconds).join(', ')} vs ${starts.compiled.map(seconds).join(', ')})`,
    );

    // where the compiled processes' heap goes: the production dependencies they loaded, priced alone
    const dependencies = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies);
    const loaded = (role: Role) =>
      Object.entries(probes.get(find('compiled', role))!.packages)
        .filter(([p, { main }]) => main && dependencies.includes(p))
        .map(([p]) => p);
    const costs = dependencyHeap([...new Set([...loaded('api'), ...loaded('worker')])]);
    console.log('\nheap each loaded production dependency adds alone (bare node + require, after a full GC), largest first:');
    for (const role of ['worker', 'api'] as Role[]) {
      const priced = loaded(role)
        .filter((p) => costs.has(p))
        .sort((a, b) => costs.get(b)! - costs.get(a)!);
      console.log(
        `  ${role} (${loaded(role).length} loaded): ${priced
          .slice(0, 12)
          .map((p) => `${p} ${mb(costs.get(p)!)}`)
          .join(', ')}`,
      );
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch((err) => console.error(err));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
