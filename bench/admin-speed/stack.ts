// The stack the admin benches load pages from: the production admin build, the API as `npm start`
// runs it (development: embedded defaults, keys in a fresh DATA_DIR), a bench shop seeded for the
// interactions, a signed-in token and Debian's Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { appTokenKey, signAppToken } from '../../api/auth/app-token';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/log';
import { startInfrastructure, ROOT } from '../../api/runtime/stack';
import { freePort } from '../../api/runtime/temporal-dev-server';
import { startApiServer } from '../../api/server';
import { launchBrowser } from '../../tests/support/browser';
import { type AdminBuild, buildAdmin } from '../admin-bundle';
import { seedInteractions } from './seed';

export interface AdminBench {
  build: AdminBuild;
  browser: Browser;
  base: string;
  token: string;
  close(): Promise<void>;
}

async function stackEnv(dataDir: string, dist: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    ADMIN_DIST: dist,
    LOG_LEVEL: 'silent',
    PLUGIN_DIRS: '',
    TEMPORAL_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    POSTGRES_PORT: String(await freePort()),
    SMTP_SINK_PORT: String(await freePort()),
  };
  for (const k of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SMTP_URL', 'SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET']) delete env[k];
  return env;
}

/** Builds the admin, starts the stack with the bench shop (data for `runs` bulk publishes) and a browser. */
export async function startAdminBench(runs: number): Promise<AdminBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-'));
  const dist = path.join(dataDir, 'admin');
  // the entry and every chunk it imports statically (bench/admin-bundle.ts), all shipped plugins
  const build = buildAdmin(dist, { report: true });
  const env = await stackEnv(dataDir, dist);
  const log = createLogger('silent');
  const infra = await startInfrastructure(loadConfig(env, ROOT), log, { progress: () => {}, temporalInMemory: true, emulator: false });
  const api = await startApiServer(loadConfig({ ...env, ...infra.env }, ROOT), log, 0);
  const browser = await launchBrowser();
  const { knex } = api.runtime.services;
  const [shop] = await knex('shops').insert({ shopifyDomain: 'bench.myshopify.com', name: 'Bench Shop', setupDone: true }).returning('id');
  await seedInteractions(knex, shop.id, 2 * runs);
  return {
    build,
    browser,
    base: `http://127.0.0.1:${api.port}`,
    token: signAppToken(appTokenKey(Buffer.from(infra.env.ENCRYPTION_KEY!, 'hex')), 'bench.myshopify.com', 3600),
    async close() {
      await browser.close();
      await api.close();
      await infra.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
