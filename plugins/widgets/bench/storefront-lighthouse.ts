// Storefront Lighthouse (issue 7): the performance score of the demo product page on the store
// emulator with Plaudit's theme app extension (star rating, review box, app embeds, through the app
// proxy) against the same page with `?plaudit=off` (no app block at all), in one run. The whole stack
// as `npm start` brings it up, on free ports and a throw-away database; Lighthouse's default mobile
// profile with simulated throttling, on Debian's Chromium; the median of RUNS runs each, alternated.
// Run: npm run bench:lighthouse   (DATABASE_URL's server when set, else embedded PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, createLogger, DEMO_SHOP, freePort, loadConfig, ROOT, startApiServer, startInfrastructure } from '@plaudit/kernel/testing';
import { storefrontCache } from '../api/cache';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOAL_DROP = 2;

interface Measure {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function lighthouseRun(url: string): Promise<Measure> {
  // Both are ES modules.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result!.lhr;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

function summary(label: string, runs: Measure[]) {
  const m = (f: (x: Measure) => number) => median(runs.map(f));
  return `${label.padEnd(34)} score ${String(m((x) => x.score)).padStart(3)} (runs ${runs.map((r) => r.score).join(', ')})   FCP ${m((x) => x.fcp).toFixed(0)} ms  LCP ${m((x) => x.lcp).toFixed(0)} ms  TBT ${m((x) => x.tbt).toFixed(0)} ms  CLS ${m((x) => x.cls).toFixed(3)}  bytes ${(m((x) => x.bytes) / 1024).toFixed(1)} KB`;
}

async function main() {
  // The whole stack as `npm start` runs it: development (embedded defaults, keys kept in DATA_DIR), set
  // where the CLI sets it, since the stack's emulator reads its configuration from process.env.
  process.env.NODE_ENV ??= 'development';
  const db = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-lighthouse-'));
  const ports = {
    PORT: await freePort(),
    EMULATOR_PORT: await freePort(),
    TEMPORAL_PORT: await freePort(),
    TEMPORAL_UI_PORT: await freePort(),
    SMTP_SINK_PORT: await freePort(),
  };
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TEMPORAL_NAMESPACE: 'plaudit-bench',
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    APP_URL: `http://localhost:${ports.PORT}`,
  };
  for (const k of ['SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET', 'SHOPIFY_EMULATOR_URL', 'TEMPORAL_ADDRESS', 'SMTP_URL']) delete env[k];
  const log = createLogger('warn', 'bench');
  const infra = await startInfrastructure(loadConfig(env, ROOT), log, { progress: (l) => console.log(`  ${l}`), temporalInMemory: true, emulator: true });
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    const config = loadConfig({ ...env, ...infra.env }, ROOT);
    api = await startApiServer(config, log, ports.PORT);
    const emulatorUrl = config.shopify.emulatorUrl!;
    const products = await api.runtime.services.platform!.adminApi(DEMO_SHOP).products({ first: 1, query: 'status:active' });
    const page = `${emulatorUrl}/products/${products.nodes[0].handle}`;
    const withWidgets = page;
    const without = `${page}?plaudit=off`;
    // Once each first, as a shopper arriving on a warm store would find it (caches filled).
    for (const u of [withWidgets, without]) await (await fetch(u)).text();
    const html = await (await fetch(withWidgets)).text();
    console.log(`\n${page}: ${html.includes('pl-') ? 'app blocks rendered' : 'no app block markup in the page HTML (blocks load through the app proxy)'}\n`);

    const runs: { with: Measure[]; without: Measure[] } = { with: [], without: [] };
    for (let i = 0; i < RUNS; i++) {
      runs.with.push(await lighthouseRun(withWidgets));
      runs.without.push(await lighthouseRun(without));
    }
    console.log(summary('product page, with Plaudit', runs.with));
    console.log(summary('product page, ?plaudit=off', runs.without));
    const drop = median(runs.without.map((r) => r.score)) - median(runs.with.map((r) => r.score));
    console.log(`\nLighthouse performance drop: ${drop} point(s) (goal <= ${GOAL_DROP}: ${drop <= GOAL_DROP ? 'met' : 'missed'})`);
  } finally {
    if (api) await storefrontCache(api.runtime.services).stop();
    await api?.close().catch(() => undefined);
    await infra.stop();
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
