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
import pino from 'pino';
import { loadConfig } from '../api/config';
import { createKnex } from '../api/db/knex';
import { migrateLatest } from '../api/db/migrations';
import { createApp } from '../api/http/app';
import { discoverPlugins } from '../api/plugins/discover';
import { ROOT } from '../api/runtime/stack';
import { createApiRuntime } from '../api/services';
import { storefrontCache } from '../plugins/widgets/api/cache';
import { database } from './support';

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
    requests: { total: number; average: number }; non2xx: number; errors: number; latency: { p50: number; p99: number }; duration: number;
  }>;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const r = await autocannon({
    url, connections: CONNECTIONS, duration: seconds, pipelining: 1,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }],
  });
  const used = process.cpuUsage(cpu);
  const out: LoadResult = {
    rps: r.requests.total / r.duration, total: r.requests.total, non2xx: r.non2xx, errors: r.errors, p50: r.latency.p50, p99: r.latency.p99,
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

async function seed(knex: ReturnType<typeof createKnex>) {
  // tenancy: benchmark set-up across its own shops
  await knex.raw(`INSERT INTO shops (shopify_domain, name, domain, plan) SELECT 'bench-' || g || '.myshopify.com', 'Bench ' || g, 'bench-' || g || '.example.com', 'pro' FROM generate_series(1, ?) g ORDER BY g`, [SHOPS]);
  // tenancy: benchmark set-up across its own shops
  const { rows: [{ first, last }] } = await knex.raw(`SELECT min(id) AS first, max(id) AS last FROM shops WHERE shopify_domain LIKE 'bench-%'`);
  if (last - first !== SHOPS - 1) throw new Error('bench shops did not get consecutive ids');
  // Reviews spread evenly over the shops (g % SHOPS), 50 products each plus store reviews; one in
  // ten unpublished, one in seven with a photo, some featured or pinned; realistic text lengths.
  // tenancy: benchmark set-up across its own shops
  await knex.raw(
    `INSERT INTO reviews (shop_id, kind, product_id, product_title, product_handle, rating, title, content, first_name, last_name, email,
                          country, source, status, verified, featured, pinned, media, created_at, published_at)
     SELECT ? + g % ?, CASE WHEN g % 25 = 0 THEN 'store' ELSE 'product' END,
            CASE WHEN g % 25 = 0 THEN NULL ELSE 'gid://shopify/Product/' || (100000 + (g % ?) * 100 + (g / ?) % ?) END,
            CASE WHEN g % 25 = 0 THEN NULL ELSE 'Product ' || ((g / ?) % ?) END,
            CASE WHEN g % 25 = 0 THEN NULL ELSE 'product-' || ((g / ?) % ?) END,
            1 + (g * 7 % 11) % 5,
            (ARRAY['Love it', 'Great quality', 'As described', 'Could be better', 'Fast shipping', NULL])[1 + g % 6],
            (ARRAY['Really happy with this purchase, the material feels solid and it looks exactly like the pictures.',
                   'Arrived quickly and well packed. Sizing runs a little small, so order one size up if in doubt.',
                   'Good value for the price. I have been using it every day for two weeks and it still looks new.',
                   'The colour is slightly different from the photos but I like it anyway. Customer service was helpful.',
                   'Second time ordering, bought one as a gift for my sister and she loved it too.'])[1 + g % 5]
              || ' ' || (ARRAY['Would recommend.', 'Five stars from me.', 'Will buy again.', 'Thanks!', ''])[1 + (g / 5) % 5],
            (ARRAY['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Eun-ji', 'Fatima', 'Giulia', 'Hiro'])[1 + g % 8],
            (ARRAY['Lovelace', 'Martins', 'Dubois', 'Ivanov', 'Kim', 'Haddad', 'Rossi', 'Tanaka'])[1 + (g / 8) % 8],
            'customer' || g || '@example.com', (ARRAY['US', 'GB', 'FR', 'DE', 'JP', 'KR', 'IT', 'BR'])[1 + g % 8], 'customer',
            CASE WHEN g % 10 = 0 THEN 'unpublished' ELSE 'published' END, g % 3 <> 0, g % 13 = 0, g % 97 = 0,
            CASE WHEN g % 7 = 0 THEN jsonb_build_array(jsonb_build_object('url', 'https://cdn.example.com/reviews/' || g || '.jpg', 'type', 'image')) ELSE '[]'::jsonb END,
            date_trunc('milliseconds', now()) - make_interval(secs => g * 30), now()
       FROM generate_series(1, ?) g`,
    [first, SHOPS, SHOPS, SHOPS, PRODUCTS_PER_SHOP, SHOPS, PRODUCTS_PER_SHOP, SHOPS, PRODUCTS_PER_SHOP, ROWS],
  );
  await knex.raw('ANALYZE');
}

/** The product-reviews path of shop i (0-based) and product p. */
const productPath = (i: number, p: number) => `/storefront/shops/bench-${i + 1}.myshopify.com/api/products/${100000 + i * 100 + p}/reviews`;

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const line = (label: string, r: Pass) =>
  `${label.padEnd(30)} ${fmt(r.rps).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}  errors ${r.errors}   server CPU ${r.serverUs.toFixed(0).padStart(4)} µs/request, load generator ${r.cores.toFixed(2)} cores`;

async function main() {
  const db = await database();
  const knex = createKnex(db.url, { min: 1, max: 4 });
  let close = async () => {};
  try {
    await migrateLatest(knex, path.join(ROOT, 'migrations'), discoverPlugins([path.join(ROOT, 'plugins')]));
    console.log(`seeding ${SHOPS} shops and ${ROWS.toLocaleString('en-US')} reviews ...`);
    const t = performance.now();
    await seed(knex);
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await knex.destroy();

    // The API as `npm start` runs it, minus Temporal (plugins' onStart is not run: only the
    // storefront cache's LISTEN connection is started). Request logs at INFO, written to /dev/null.
    const config = loadConfig({ ...process.env, DATABASE_URL: db.url, ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'), LOG_LEVEL: 'info' }, ROOT);
    const log = pino({ name: 'api', level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
    const runtime = createApiRuntime(config, log);
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
    console.log(`hot set: ${HOT} products in ${new Set(hot.map((p) => p.split('/')[3])).size} shops; median body ${size} bytes (${sample.data.length} reviews a page)`);

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
    console.log(`\nproduct reviews, hot set: API ${fmt(median(apis.map((p) => p.rps)))} req/s, bare ${fmt(median(bares.map((p) => p.rps)))} req/s (medians); ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${ratio.toFixed(2)} (goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'missed'})`);
    const bareUs = median(bares.map((p) => p.serverUs));
    const apiUs = median(apis.map((p) => p.serverUs));
    console.log(`server CPU per request (medians): bare ${bareUs.toFixed(0)} µs, API ${apiUs.toFixed(0)} µs = ratio ${(bareUs / apiUs).toFixed(2)} (the throughput ratio where the server's core is the limit)`);

    const cold = await load(apiUrl, all);
    console.log(`\n${line('API, all 50,000 products', cold)}`);
    console.log(`informational: every product of every shop (the in-process cache holds 10,000 answers): ratio to bare ${(cold.rps / median(bares.map((p) => p.rps))).toFixed(2)}`);
    bare.close();
    // Requests the load generator gave up on may still wait for a pooled connection: let them end.
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await close().catch(() => undefined);
    await knex.destroy().catch(() => undefined);
    await db.stop();
  }
}

if (process.env.BENCH_LOAD) {
  loadRole().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().then(() => process.exit(0), (err) => {
    console.error(err);
    process.exit(1);
  });
}
