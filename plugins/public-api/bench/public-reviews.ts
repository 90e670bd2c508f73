import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { tenantFor } from '@plaudit/kernel';
import { ReviewWrite, type ReviewWriteApi } from '@plaudit/contracts/reviews';
import { benchShops, createLogger, loadConfig, ROOT, startApiServer, startInfrastructure, tokenFor, benchAppEnv } from '@plaudit/kernel/testing';
import { createKey } from '../db/keys';
import { SCOPES } from '../shared/scopes';

const SHOPS = 1000;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SHOPS_CALLED = 200;
const PAGES = 5;
const PAGE = 20;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL = 0.9;

interface Call {
  path: string;
  authorization: string;
}

interface LoadResult {
  /** CPU the API process spent per answered request, in microseconds (steadier than req/s on a shared machine) */
  serverUs?: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

// ---- the load generator: a child process, so it does not share the server's event loop ----
async function loadRole() {
  const { url, callsFile, seconds } = JSON.parse(process.env.BENCH_LOAD!) as { url: string; callsFile: string; seconds: number };
  const calls = JSON.parse(fs.readFileSync(callsFile, 'utf8')) as Call[];
  const autocannon = createRequire(__filename)('autocannon') as (o: Record<string, unknown>) => Promise<{
    requests: { total: number };
    non2xx: number;
    errors: number;
    latency: { p50: number; p99: number };
    duration: number;
  }>;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const call = calls[Math.floor(Math.random() * calls.length)];
          return { ...req, path: call.path, headers: { ...(req.headers as object), authorization: call.authorization } };
        },
      },
    ],
  });
  const out: LoadResult = {
    rps: r.requests.total / r.duration,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    p50: r.latency.p50,
    p99: r.latency.p99,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function load(url: string, calls: Call[]): Promise<LoadResult> {
  const callsFile = path.join(os.tmpdir(), `plaudit-bench-calls-${process.pid}.json`);
  fs.writeFileSync(callsFile, JSON.stringify(calls));
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const child = spawn(process.execPath, ['--import', 'tsx', __filename], {
      env: { ...process.env, BENCH_LOAD: JSON.stringify({ url, callsFile, seconds: SECONDS }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      fs.rmSync(callsFile, { force: true });
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const used = process.cpuUsage(cpu);
      const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
      resolve({ ...result, serverUs: (used.user + used.system) / Math.max(1, result.total) });
    });
  });
}

// Shop i (0-based) gets reviews i+1, i+1+SHOPS, ...: 1,000 each, 50 products, one a minute back in time.
async function seed(knex: Knex, reviews: ReviewWriteApi) {
  const { first } = await benchShops(knex, SHOPS, 'enterprise');
  const now = Date.now();
  for (let shop = 0; shop < SHOPS; shop++) {
    const rows = [];
    for (let g = shop + 1; g <= ROWS; g += SHOPS) {
      rows.push({
        productId: `gid://shopify/Product/${100000 + shop * 100 + (g % 50)}`,
        productTitle: `Product ${g % 50}`,
        rating: 1 + (g % 5),
        title: 'Good value',
        content: `Review number ${g}: sturdy, as described, arrived quickly.`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        status: g % 10 === 0 ? ('unpublished' as const) : ('published' as const),
        createdAt: new Date(now - g * 60_000),
      });
    }
    for (let i = 0; i < rows.length; i += 5_000)
      await reviews.importReviews(tenantFor(first + shop, `bench-${shop + 1}.myshopify.com`), rows.slice(i, i + 5_000));
    if ((shop + 1) % 100 === 0) process.stdout.write(`  ${((shop + 1) * ROWS) / SHOPS} reviews\n`);
  }
  // tenancy: statistics of the whole benchmark database
  await knex.raw('ANALYZE');
  return first;
}

/** The first PAGES pages of a list, following its cursor: the paths to call. */
async function pages(
  apiUrl: string,
  authorization: string,
  firstPath: string,
  cursorParam: string,
  nextCursor: (body: any) => string | null,
): Promise<string[]> {
  const out = [firstPath];
  for (let p = 1; p < PAGES; p++) {
    const res = await fetch(apiUrl + out[out.length - 1], { headers: { authorization } });
    if (res.status !== 200) throw new Error(`${out[out.length - 1]}: ${res.status} ${await res.text()}`);
    const next = nextCursor(await res.json());
    if (!next) break;
    out.push(`${firstPath}&${cursorParam}=${encodeURIComponent(next)}`);
  }
  return out;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const line = (label: string, r: LoadResult) =>
  `${label.padEnd(28)} ${fmt(r.rps).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}  errors ${r.errors}   API CPU ${r.serverUs!.toFixed(0).padStart(5)} µs/request`;

async function main() {
  // production settings, as an operator runs the API
  const { env, dataDir, port } = await benchAppEnv();
  const log = createLogger('silent');
  const infra = await startInfrastructure(loadConfig(env, ROOT), log, { progress: () => {}, temporalInMemory: true, emulator: false });
  const config = loadConfig({ ...env, ...infra.env }, ROOT);
  const api = await startApiServer(config, log, port);
  const apiUrl = config.appUrl;
  try {
    const { knex } = api.runtime.services;
    console.log(`seeding ${SHOPS} shops and ${fmt(ROWS)} reviews through the reviews plugin's import ...`);
    const t = performance.now();
    const first = await seed(knex, api.runtime.services.capabilities.require(ReviewWrite));
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // The same shops and pages for both routes: an API key and an admin token per shop.
    const admin: Call[] = [];
    const publicApi: Call[] = [];
    for (let i = 0; i < SHOPS_CALLED; i++) {
      const n = 1 + Math.floor((i * SHOPS) / SHOPS_CALLED);
      const domain = `bench-${n}.myshopify.com`;
      const { key } = await createKey(tenantFor(first + n - 1, domain), { name: 'bench', scopes: [...SCOPES], rateLimit: 1_000_000_000 });
      const keyAuth = `Bearer ${key}`;
      const adminAuth = `Bearer ${tokenFor(config, domain, 24 * 3600)}`;
      for (const p of await pages(apiUrl, keyAuth, `/api/public/v1/reviews?limit=${PAGE}`, 'cursor', (b) => b.pageInfo.nextCursor))
        publicApi.push({ path: p, authorization: keyAuth });
      for (const p of await pages(apiUrl, adminAuth, `/api/reviews?limit=${PAGE}&sort=newest`, 'after', (b) => b.pageInfo.nextCursor))
        admin.push({ path: p, authorization: adminAuth });
    }
    const sample = await (await fetch(apiUrl + publicApi[1].path, { headers: { authorization: publicApi[1].authorization } })).json();
    console.log(
      `${SHOPS_CALLED} shops x ${PAGES} pages each (${publicApi.length} public, ${admin.length} admin paths); a public page holds ${sample.items.length} reviews`,
    );

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per pass, alternated\n`);
    const admins: LoadResult[] = [];
    const publics: LoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await load(apiUrl, admin);
      console.log(line(`admin /api/reviews (${round})`, a));
      admins.push(a);
      const p = await load(apiUrl, publicApi);
      console.log(line(`public /reviews (${round})`, p));
      publics.push(p);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const ratios = publics.map((p, i) => p.rps / admins[i].rps);
    const ratio = median(ratios);
    console.log(
      `\npublic API ${fmt(median(publics.map((p) => p.rps)))} req/s, admin ${fmt(median(admins.map((a) => a.rps)))} req/s (medians); ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${ratio.toFixed(2)} (goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'missed'})`,
    );
    const adminUs = median(admins.map((a) => a.serverUs!));
    const publicUs = median(publics.map((p) => p.serverUs!));
    console.log(
      `API process CPU per request (medians): admin ${adminUs.toFixed(0)} µs, public ${publicUs.toFixed(0)} µs = ratio ${(adminUs / publicUs).toFixed(2)} (the throughput ratio where the API's core is the limit; PostgreSQL's CPU not included)`,
    );
    // Requests the load generator gave up on may still wait for a pooled connection: let them end.
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await api.close().catch(() => undefined);
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_LOAD) {
  loadRole().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
