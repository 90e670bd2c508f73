// Storefront throughput (issue 7): the product-reviews JSON endpoint of the real API app (createApp
// with every plugin, the kernel's middleware, INFO request logging) over 1,000,000 reviews in 1,000
// shops, at 100 concurrent keep-alive connections from autocannon, against a bare node:http server
// answering a JSON body of the same size, alternated in one run (issue 29): per round, requests
// spread over a hot set of 1,000 products in many shops (answered from the in-process cache), then
// over all 50,000 products (the long tail: mostly misses of the in-process cache, answered from the
// shared PostgreSQL tier once each product was rendered); and the floors, what node:http alone costs
// for each: the bare server sending the API's headers (the hot set's), and a bare server making the
// shared tier's one look-up a request (the tail's). Last, informational: all 50,000 with both
// caches emptied (every request a full render).
// Run: npm run bench:storefront   (DATABASE_URL's server when set, else embedded PostgreSQL;
// BENCH_SECONDS per pass, default 8; BENCH_ROUNDS of bare-hot-tail passes, default 5; BENCH_ROWS
// reviews, default 1,000,000, fewer products with fewer, the in-process LRU kept at a fifth of them;
// BENCH_PROFILE=<dir> writes a CPU profile of the tail pass and of the
// full-render pass; BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of a miss's queries)
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Knex } from 'knex';
import pino from 'pino';
import { Session } from 'node:inspector/promises';
import { tenantFor } from '@plaudit/kernel';
import { benchDatabase, benchShops, createApiRuntime, createApp, freePort, loadConfig, ROOT } from '@plaudit/kernel/testing';
import { storefrontCache } from '../api/cache';
import { floorSummary, headersFloor, sharedTierFloor } from './floors';
import { ReviewWrite, type ImportedReviewInput as ImportedReview, type ReviewWriteApi } from '@plaudit/contracts/reviews';

const SHOPS = 1000;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** 50 products a shop at the full size; fewer with fewer rows (BENCH_ROWS), about 20 reviews each. */
const PRODUCTS_PER_SHOP = Math.max(1, Math.min(50, Math.floor(ROWS / SHOPS / 20)));
const HOT = 1000;
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL = 0.7;
const TAIL_GOAL = 0.3;
const PROFILE_DIR = process.env.BENCH_PROFILE;

interface LoadResult {
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  /** CPU of the load generator itself, in cores (1 = one core busy the whole pass) */
  cores: number;
}

// ---- the load generator: a child process, so it does not share the server's event loop ----
async function loadRole() {
  const { url, pathsFile, seconds } = JSON.parse(process.env.BENCH_LOAD!) as { url: string; pathsFile: string; seconds: number };
  const paths = JSON.parse(fs.readFileSync(pathsFile, 'utf8')) as string[];
  const autocannon = createRequire(__filename)('autocannon') as (o: Record<string, unknown>) => Promise<{
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    latency: { p50: number; p99: number };
    duration: number;
  }>;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }],
  });
  const used = process.cpuUsage(cpu);
  const out: LoadResult = {
    rps: r.requests.total / r.duration,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cores: (used.user + used.system) / 1000 / (performance.now() - started),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

interface Pass extends LoadResult {
  /** CPU the server process spent per answered request, in microseconds */
  serverUs: number;
}

function load(url: string, paths: string[], seconds = SECONDS): Promise<Pass> {
  const pathsFile = path.join(os.tmpdir(), `plaudit-bench-paths-${process.pid}.json`);
  fs.writeFileSync(pathsFile, JSON.stringify(paths));
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const child = spawn(process.execPath, ['--import', 'tsx', __filename], {
      env: { ...process.env, BENCH_LOAD: JSON.stringify({ url, pathsFile, seconds }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const used = process.cpuUsage(cpu);
      fs.rmSync(pathsFile, { force: true });
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
      resolve({ ...result, serverUs: (used.user + used.system) / Math.max(1, result.total) });
    });
  });
}

const TITLES = ['Love it', 'Great quality', 'As described', 'Could be better', 'Fast shipping', null];
const TEXTS = [
  'Really happy with this purchase, the material feels solid and it looks exactly like the pictures.',
  'Arrived quickly and well packed. Sizing runs a little small, so order one size up if in doubt.',
  'Good value for the price. I have been using it every day for two weeks and it still looks new.',
  'The colour is slightly different from the photos but I like it anyway. Customer service was helpful.',
  'Second time ordering, bought one as a gift for my sister and she loved it too.',
];
const ENDINGS = ['Would recommend.', 'Five stars from me.', 'Will buy again.', 'Thanks!', ''];
const FIRST_NAMES = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Eun-ji', 'Fatima', 'Giulia', 'Hiro'];
const LAST_NAMES = ['Lovelace', 'Martins', 'Dubois', 'Ivanov', 'Kim', 'Haddad', 'Rossi', 'Tanaka'];
const COUNTRIES = ['US', 'GB', 'FR', 'DE', 'JP', 'KR', 'IT', 'BR'];

/** Review number g: shop g % SHOPS, 50 products each plus store reviews; one in ten unpublished, one in seven with a photo. */
function reviewNumber(g: number, now: number): ImportedReview {
  const store = g % 25 === 0;
  const p = Math.floor(g / SHOPS) % PRODUCTS_PER_SHOP;
  return {
    kind: store ? 'store' : 'product',
    productId: store ? null : `gid://shopify/Product/${100000 + (g % SHOPS) * 100 + p}`,
    productTitle: store ? undefined : `Product ${p}`,
    productHandle: store ? null : `product-${p}`,
    rating: 1 + (((g * 7) % 11) % 5),
    title: TITLES[g % 6],
    content: `${TEXTS[g % 5]} ${ENDINGS[Math.floor(g / 5) % 5]}`,
    firstName: FIRST_NAMES[g % 8],
    lastName: LAST_NAMES[Math.floor(g / 8) % 8],
    email: `customer${g}@example.com`,
    country: COUNTRIES[g % 8],
    status: g % 10 === 0 ? 'unpublished' : 'published',
    media: g % 7 === 0 ? [{ url: `https://cdn.example.com/reviews/${g}.jpg`, type: 'image' }] : [],
    createdAt: new Date(now - g * 30_000),
  };
}

// Reviews through the reviews plugin's `ReviewWrite` import (imported reviews: none verified, featured or
// pinned), one call per shop; realistic text lengths.
async function seed(knex: Knex, reviews: ReviewWriteApi) {
  const { first } = await benchShops(knex, SHOPS, 'pro');
  const now = Date.now();
  for (let shop = 0; shop < SHOPS; shop++) {
    const rows: ImportedReview[] = [];
    for (let g = shop || SHOPS; g <= ROWS; g += SHOPS) rows.push(reviewNumber(g, now));
    for (let i = 0; i < rows.length; i += 10_000)
      await reviews.importReviews(tenantFor(first + shop, `bench-${shop + 1}.myshopify.com`), rows.slice(i, i + 10_000));
  }
  // tenancy: statistics of the whole benchmark database
  await knex.raw('ANALYZE');
}

/** The product-reviews path of shop i (0-based) and product p. */
const productPath = (i: number, p: number) => `/storefront/shops/bench-${i + 1}.myshopify.com/api/products/${100000 + i * 100 + p}/reviews`;

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

async function listen(server: http.Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const line = (label: string, r: Pass) =>
  `${label.padEnd(30)} ${fmt(r.rps).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}  errors ${r.errors}   server CPU ${r.serverUs.toFixed(0).padStart(4)} µs/request, load generator ${r.cores.toFixed(2)} cores`;

/** Each path once, `parallel` at a time. */
async function fetchEach(base: string, paths: string[], parallel: number) {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++];
      const res = await fetch(base + p);
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** With BENCH_PROFILE: a CPU profile of this process (the API) while `run` runs. */
async function profiled<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR || !name) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `storefront-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** EXPLAIN ANALYZE of what a miss asks PostgreSQL: the feed's page query (as knex sent it) and the shared tier's look-up. */
async function explain(knex: Knex, base: string, productPath: string) {
  const seen: { sql: string; bindings: unknown[] }[] = [];
  const onQuery = (q: { sql: string; bindings: unknown[] }) => seen.push(q);
  knex.on('query', onQuery);
  await (await fetch(`${base}${productPath}?sort=newest`)).arrayBuffer();
  knex.off('query', onQuery);
  const page = seen.find((q) => /from "reviews"/i.test(q.sql));
  // knex's own SQL ($1.. placeholders) on a pooled connection: the statement as PostgreSQL ran it
  const client = knex.client as {
    positionBindings(sql: string): string;
    acquireConnection(): Promise<{ query(text: string, values: unknown[]): Promise<{ rows: Record<string, string>[] }> }>;
    releaseConnection(c: unknown): Promise<void>;
  };
  const show = async (label: string, sql: string, bindings: readonly unknown[]) => {
    const conn = await client.acquireConnection();
    try {
      // tenancy: the benchmark explains one shop's queries
      const { rows } = await conn.query(`EXPLAIN (ANALYZE, BUFFERS) ${client.positionBindings(sql)}`, [...(bindings ?? [])]);
      console.log(`\n${label}:\n  ${sql}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    } finally {
      await client.releaseConnection(conn);
    }
  };
  if (page) await show('a miss: the feed page query', page.sql, page.bindings);
  // tenancy: the benchmark explains one shop's shared-tier look-up
  const { rows } = await knex.raw('SELECT shop_id, key, versions FROM widget_answers LIMIT 1');
  if (rows[0])
    await show('the shared tier: one look-up', 'SELECT etag, type, headers, body FROM widget_answers WHERE shop_id = ? AND key = ? AND versions = ?', [
      rows[0].shop_id,
      rows[0].key,
      rows[0].versions,
    ]);
}

async function main() {
  const db = await benchDatabase();
  let close = async () => {};
  try {
    // The API as `npm start` runs it, minus Temporal (plugins' onStart is not run: only the
    // storefront cache's LISTEN connection is started). Request logs at INFO, written to /dev/null.
    // Production settings, as deployed (the default NODE_ENV); the bench sets what production requires.
    const port = await freePort();
    const config = loadConfig(
      {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
      },
      ROOT,
    );
    const log = pino({ name: 'api', level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
    const runtime = createApiRuntime(config, log);
    close = () => runtime.close();

    console.log(`seeding ${SHOPS} shops and ${ROWS.toLocaleString('en-US')} reviews ...`);
    const t = performance.now();
    await seed(db.knex, runtime.services.capabilities.require(ReviewWrite));
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await db.knex.destroy();

    const { app } = createApp({ services: runtime.services, plugins: runtime.plugins, authenticators: [] });
    await storefrontCache(runtime.services).start();
    const apiServer = http.createServer(app.callback());
    const apiUrl = await listen(apiServer, port);
    close = async () => {
      apiServer.closeAllConnections();
      await new Promise((r) => apiServer.close(r));
      await storefrontCache(runtime.services).stop();
      await runtime.close();
    };

    const random = seeded(7);
    const hot = Array.from({ length: HOT }, () => productPath(Math.floor(random() * SHOPS), Math.floor(random() * PRODUCTS_PER_SHOP)));
    const all = Array.from({ length: SHOPS * PRODUCTS_PER_SHOP }, (_, k) => productPath(Math.floor(k / PRODUCTS_PER_SHOP), k % PRODUCTS_PER_SHOP));
    // Warm up: every hot product once (the shop state and the cache, as a live shop would have them).
    const sizes: number[] = [];
    for (const p of hot) {
      const res = await fetch(apiUrl + p);
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      sizes.push((await res.arrayBuffer()).byteLength);
    }
    sizes.sort((a, b) => a - b);
    const size = sizes[Math.floor(sizes.length / 2)];
    const sampleRes = await fetch(apiUrl + hot[0]);
    const sample = JSON.parse(await sampleRes.text());
    console.log(
      `hot set: ${HOT} products in ${new Set(hot.map((p) => p.split('/')[3])).size} shops; median body ${size} bytes (${sample.data.length} reviews a page)`,
    );

    // The bare server: the same number of bytes of JSON, nothing else.
    const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(size - 11) }));
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    const bareUrl = await listen(bare);
    // The same, with the headers the API sends with a kept answer (security, caching, CORS, request id).
    const { server: bareHeaders, names } = headersFloor(body, sampleRes.headers);
    const bareHeadersUrl = await listen(bareHeaders);
    console.log(`the API's headers on a kept answer: ${names.length} (${names.join(', ')})`);

    const cache = storefrontCache(runtime.services);
    // At full size the LRU's 10,000 entries hold a fifth of the 50,000 products; a smaller run keeps that proportion.
    cache.responses.limits.maxEntries = Math.min(cache.responses.limits.maxEntries, Math.ceil(all.length / 5));
    const knex = runtime.services.knex;
    if (process.env.BENCH_EXPLAIN) await explain(knex, apiUrl, all[PRODUCTS_PER_SHOP + 1]); // shop 1, product 1 (shop 0 has store reviews only)

    // The long tail as a live app has it: every product rendered once (the shared tier filled).
    const tFill = performance.now();
    await fetchEach(apiUrl, all, 8);
    console.log(`every product rendered once (the shared tier filled) in ${((performance.now() - tFill) / 1000).toFixed(1)} s`);
    const { server: floor, paths: floorPaths } = await sharedTierFloor(knex, log);
    const floorUrl = await listen(floor);

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per pass, alternated\n`);
    const bares: Pass[] = [];
    const bareWithHeaders: Pass[] = [];
    const apis: Pass[] = [];
    const tails: Pass[] = [];
    const floors: Pass[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await load(bareUrl, hot);
      console.log(line(`bare node:http (${round})`, b));
      bares.push(b);
      const bh = await load(bareHeadersUrl, hot);
      console.log(line(`bare node:http, the API's headers (${round})`, bh));
      bareWithHeaders.push(bh);
      const a = await load(apiUrl, hot);
      console.log(line(`API, hot products (${round})`, a));
      apis.push(a);
      const t = await profiled(round === ROUNDS ? 'tail' : undefined, () => load(apiUrl, all));
      console.log(line(`API, all ${fmt(all.length)} products (${round})`, t));
      tails.push(t);
      const f = await load(floorUrl, floorPaths);
      console.log(line(`bare node:http + a shared-tier look-up (${round})`, f));
      floors.push(f);
    }
    // Each API pass against the bare pass of its round (the machine's other load shifts over a run).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const bareUs = median(bares.map((p) => p.serverUs));
    const summary = (label: string, passes: Pass[], goal: number) => {
      const ratios = passes.map((a, i) => a.rps / bares[i].rps);
      const ratio = median(ratios);
      const us = median(passes.map((p) => p.serverUs));
      console.log(
        `\n${label}: API ${fmt(median(passes.map((p) => p.rps)))} req/s, bare ${fmt(median(bares.map((p) => p.rps)))} req/s (medians); ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${ratio.toFixed(2)} (goal >= ${goal}: ${ratio >= goal ? 'met' : 'missed'})`,
      );
      console.log(
        `  server CPU per request (medians): bare ${bareUs.toFixed(0)} µs, API ${us.toFixed(0)} µs = ratio ${(bareUs / us).toFixed(2)} (the throughput ratio where the server's core is the limit); p99 ${median(passes.map((p) => p.p99))} ms`,
      );
    };
    summary('product reviews, hot set (in-process cache)', apis, GOAL);
    console.log(floorSummary("the hot set's floor (bare node:http with the API's headers, no app)", bareWithHeaders, bares, apis, "the API's hot set"));
    summary(`product reviews, all ${fmt(all.length)} products (the long tail)`, tails, TAIL_GOAL);
    console.log(floorSummary("the shared tier's floor (bare node:http + one look-up a request, no app)", floors, bares, tails, "the API's long tail"));

    // Both caches emptied (shop states kept): every request renders, as the first read after a change does.
    cache.responses.clear();
    // tenancy: the benchmark empties every shop's shared answers
    await knex.raw('TRUNCATE widget_answers');
    const cold = await profiled('render', () => load(apiUrl, all));
    console.log(`\n${line('API, all, nothing cached', cold)}`);
    console.log(
      `informational: every request a full render: ratio to bare ${(cold.rps / median(bares.map((p) => p.rps))).toFixed(2)}, server CPU ratio ${(bareUs / cold.serverUs).toFixed(2)}`,
    );
    bare.close();
    bareHeaders.close();
    floor.close();
    // Requests the load generator gave up on may still wait for a pooled connection: let them end.
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await close().catch(() => undefined);
    await db.stop();
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
