// Set-up shared by the benchmarks (bench/ and plugins/<id>/bench/, through @plaudit/kernel/testing):
// a throw-away database with every migration applied (on DATABASE_URL's server when set, else an
// embedded PostgreSQL in a temporary directory), bench shops, and percentiles.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex } from '../../api/db/knex';
import { migrateLatest } from '../../api/db/migrations';
import { createLogger } from '../../api/log';
import { discoverPlugins } from '../../api/plugins/discover';
import { createDatabaseIfMissing, dropDatabase, startEmbeddedPostgres } from '../../api/runtime/postgres';
import { ROOT } from '../../api/runtime/stack';
import { freePort, startOnFreshPorts } from '../../api/runtime/ports';

/**
 * The environment of a whole app started by a bench on embedded defaults: a fresh data directory and
 * ports, a new encryption key, no external services (DATABASE_URL, TEMPORAL_ADDRESS, SMTP_URL and
 * Shopify's keys dropped). Production unless told (a bench reading the marketplace emulator needs
 * development: production's SSRF rules refuse a loopback photo URL). `extraPorts`: more fresh ports by name.
 */
export async function benchAppEnv(o: { nodeEnv?: string; extraPorts?: string[] } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: o.nodeEnv ?? 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLUGIN_DIRS: '',
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
  };
  for (const name of ['TEMPORAL_PORT', 'TEMPORAL_UI_PORT', 'POSTGRES_PORT', 'SMTP_SINK_PORT', ...(o.extraPorts ?? [])]) env[name] = String(await freePort());
  for (const k of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SMTP_URL', 'SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET']) delete env[k];
  return { env, dataDir, port };
}

export interface BenchDatabase {
  url: string;
  /** a small pool on the database, migrated with the kernel's and every installed plugin's migrations */
  knex: Knex;
  stop(): Promise<void>;
}

async function emptyDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const name = `plaudit_bench_${Date.now()}`;
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    await createDatabaseIfMissing(admin.toString(), name);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return { url: url.toString(), stop: () => dropDatabase(admin.toString(), name) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-pg-'));
  const pg = await startOnFreshPorts([await freePort()], ([port]) => startEmbeddedPostgres(dir, port, name, createLogger('silent')));
  return {
    url: pg.url,
    stop: async () => {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const db = await emptyDatabase();
  const knex = createKnex(db.url, { min: 1, max: 4 });
  await migrateLatest(knex, path.join(ROOT, 'migrations'), discoverPlugins([path.join(ROOT, 'plugins')]));
  return {
    url: db.url,
    knex,
    stop: async () => {
      await knex.destroy().catch(() => undefined);
      await db.stop();
    },
  };
}

/**
 * `count` installed shops bench-<n>.myshopify.com (name "Bench <n>", storefront bench-<n>.example.com)
 * with consecutive ids: shop n has id first + n - 1.
 */
export async function benchShops(knex: Knex, count: number, plan = 'free'): Promise<{ first: number; last: number }> {
  await knex.raw(
    `INSERT INTO shops (shopify_domain, name, domain, plan)
     SELECT 'bench-' || g || '.myshopify.com', 'Bench ' || g, 'bench-' || g || '.example.com', ? FROM generate_series(1, ?) g ORDER BY g`,
    [plan, count],
  );
  const {
    rows: [{ first, last }],
  } = await knex.raw(`SELECT min(id)::int AS first, max(id)::int AS last FROM shops WHERE shopify_domain LIKE 'bench-%'`);
  if (last - first !== count - 1) throw new Error('bench shops did not get consecutive ids');
  return { first, last };
}

/** The p-th percentile of xs (nearest rank). */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Times `fn` `runs` times, one after another: the latencies in ms. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** One line of a latency table: p50 and p99. */
export const latencyLine = (label: string, xs: number[]) =>
  `${label.padEnd(34)} p50 ${pct(xs, 50).toFixed(2).padStart(7)} ms   p99 ${pct(xs, 99).toFixed(2).padStart(7)} ms`;

/** mulberry32: a small seeded generator, so a run's data (or a failing random sequence) can be made again from its seed */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
