// Admin speed (issue 4): the initial JavaScript (gzip) of the production admin build, and the
// dashboard's LCP and CLS in headless Chromium against a real API, printed as ratios to the goals
// (initial JS <= 500 KB gzip, LCP <= 2.5 s, CLS <= 0.1). Run: npm run bench:admin
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { appTokenKey, signAppToken } from '../api/auth/app-token';
import { loadConfig } from '../api/config';
import { createLogger } from '../api/log';
import { startInfrastructure, ROOT } from '../api/runtime/stack';
import { freePort } from '../api/runtime/temporal-dev-server';
import { startApiServer } from '../api/server';
import { launchBrowser } from '../tests/support/browser';

const RUNS = 5;
const GOALS = { initialJsKb: 500, lcpMs: 2500, cls: 0.1 };

function initialJsGzipKb(dist: string): { kb: number; files: string[] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const bytes = files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return { kb: bytes / 1024, files };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-'));
  const dist = path.join(dataDir, 'admin');
  execFileSync('npx', ['vite', 'build', '--config', 'admin/vite.config.mts', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, ADMIN_DIST: dist, PLUGIN_DIRS: '', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdio: 'inherit',
  });
  const js = initialJsGzipKb(dist);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // the stack as `npm start` runs it (development: embedded defaults, keys kept in DATA_DIR)
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
  const config = loadConfig(env, ROOT);
  const log = createLogger('silent');
  const infra = await startInfrastructure(config, log, { progress: () => {}, temporalInMemory: true, emulator: false });
  const api = await startApiServer(loadConfig({ ...env, ...infra.env }, ROOT), log, 0);
  const browser = await launchBrowser();
  try {
    await api.runtime.services.knex('shops').insert({ shopifyDomain: 'bench.myshopify.com', name: 'Bench Shop', setupDone: true });
    const token = signAppToken(appTokenKey(Buffer.from(infra.env.ENCRYPTION_KEY!, 'hex')), 'bench.myshopify.com', 3600);
    const lcps: number[] = [];
    const clss: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((t) => {
        localStorage.setItem('plaudit.token', t);
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      }, token);
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${api.port}/`, { waitUntil: 'networkidle' });
      await page.getByText('Welcome, Bench Shop').waitFor();
      await page.waitForTimeout(500);
      lcps.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              new PerformanceObserver((l) => resolve(l.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true }),
            ),
        ),
      );
      clss.push(await page.evaluate(() => (window as unknown as { __cls: number }).__cls));
      await context.close();
    }
    const lcp = median(lcps);
    const cls = Math.max(...clss);
    console.log(`initial JS (gzip)  ${js.kb.toFixed(1)} KB  (${js.files.length} file(s))  ratio to 500 KB goal: ${(js.kb / GOALS.initialJsKb).toFixed(2)}`);
    console.log(`dashboard LCP      ${lcp.toFixed(0)} ms (median of ${RUNS})  ratio to 2500 ms goal: ${(lcp / GOALS.lcpMs).toFixed(2)}`);
    console.log(`dashboard CLS      ${cls.toFixed(3)} (worst of ${RUNS})  ratio to 0.1 goal: ${(cls / GOALS.cls).toFixed(2)}`);
  } finally {
    await browser.close();
    await api.close();
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
