// Storefront throughput (issue 7): the product-reviews JSON endpoint of the real API app (createApp
// with every plugin, the kernel's middleware, INFO request logging) over 1,000,000 reviews in 1,000
// shops, at 100 concurrent keep-alive connections from autocannon, against a bare node:http server
// answering a JSON body of the same size, alternated in one run. Requests spread over a hot set of
// 1,000 products in many shops; a second, informational pass spreads them over all 50,000.
// Run: npm run bench:storefront   (DATABASE_URL's server when set, else embedded PostgreSQL;
// BENCH_SECONDS per pass, default 8; BENCH_ROUNDS of bare-then-API passes, default 5)
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
import { tenantFor } from '@plaudit/kernel';
import { benchDatabase, benchShops, createApiRuntime, createApp, loadConfig, ROOT } from '@plaudit/kernel/testing';
import { storefrontCache } from '../api/cache';
import { ReviewWrite, type ImportedReviewInput as ImportedReview, type ReviewWriteApi } from '@plaudit/contracts/reviews';

const SHOPS = 1000;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PRODUCTS_PER_SHOP = 50;
const HOT = 1000;
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL = 0.7;

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

// Reviews through the reviews plugin's `reviews.write` import (imported reviews: none verified, featured or
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

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const line = (label: string, r: Pass) =>
  `${label.padEnd(30)} ${fmt(r.rps).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}  errors ${r.errors}   server CPU ${r.serverUs.toFixed(0).padStart(4)} µs/request, load generator ${r.cores.toFixed(2)} cores`;

async function main() {
  const db = await benchDatabase();
  let close = async () => {};
  try {
    // The API as `npm start` runs it, minus Temporal (plugins' onStart is not run: only the
    // storefront cache's LISTEN connection is started). Request logs at INFO, written to /dev/null.
    const config = loadConfig({ ...process.env, DATABASE_URL: db.url, ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'), LOG_LEVEL: 'info' }, ROOT);
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
    const apiUrl = await listen(apiServer);
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
    const sample = JSON.parse(await (await fetch(apiUrl + hot[0])).text());
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

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per pass, alternated\n`);
    const bares: Pass[] = [];
    const apis: Pass[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await load(bareUrl, hot);
      console.log(line(`bare node:http (${round})`, b));
      bares.push(b);
      const a = await load(apiUrl, hot);
      console.log(line(`API, hot products (${round})`, a));
      apis.push(a);
    }
    // Each API pass against the bare pass just before it (the machine's other load shifts over a run).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = apis.map((a, i) => a.rps / bares[i].rps);
    const ratio = median(ratios);
    console.log(
      `\nproduct reviews, hot set: API ${fmt(median(apis.map((p) => p.rps)))} req/s, bare ${fmt(median(bares.map((p) => p.rps)))} req/s (medians); ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${ratio.toFixed(2)} (goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'missed'})`,
    );
    const bareUs = median(bares.map((p) => p.serverUs));
    const apiUs = median(apis.map((p) => p.serverUs));
    console.log(
      `server CPU per request (medians): bare ${bareUs.toFixed(0)} µs, API ${apiUs.toFixed(0)} µs = ratio ${(bareUs / apiUs).toFixed(2)} (the throughput ratio where the server's core is the limit)`,
    );

    const cold = await load(apiUrl, all);
    console.log(`\n${line('API, all 50,000 products', cold)}`);
    console.log(
      `informational: every product of every shop (the in-process cache holds 10,000 answers): ratio to bare ${(cold.rps / median(bares.map((p) => p.rps))).toFixed(2)}`,
    );
    bare.close();
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
