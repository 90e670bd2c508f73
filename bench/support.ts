// Set-up shared by the benchmarks: a throw-away database (on DATABASE_URL's server when set, else
// an embedded PostgreSQL in a temporary directory) and percentiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../api/log';
import { createDatabaseIfMissing, dropDatabase, startEmbeddedPostgres } from '../api/runtime/postgres';
import { freePort } from '../api/runtime/temporal-dev-server';

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function database(): Promise<BenchDatabase> {
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
  const pg = await startEmbeddedPostgres(dir, await freePort(), name, createLogger('silent'));
  return { url: pg.url, stop: async () => { await pg.stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

/** The p-th percentile of xs (nearest rank). */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
