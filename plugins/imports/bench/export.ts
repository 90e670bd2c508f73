// Export speed and memory (issue 12): one shop's 100,000 reviews (photo URLs, replies, variants) to
// XLSX and to CSV through the real path (the reviews plugin's `ReviewExport` in keyset batches,
// streamed through exceljs' WorkbookWriter / csv-stringify into a file), against the naive way in
// the same run (every review loaded first, then an in-memory exceljs Workbook / one CSV string).
// Each export runs in a process of its own (the kernel runtime with every plugin loaded, as the API
// has it), which samples its RSS every 50 ms; the kernel's max RSS of the process is shown too.
// That runtime alone holds ~300 MB under tsx before any export (the API's own idle size), so the
// goal (the streamed XLSX under 30 s and under 200 MB) is judged on what the export adds: the peak
// RSS during the export less the RSS just before it (after a GC).
// Run: npx tsx plugins/imports/bench/export.ts   (BENCH_ROWS, default 100,000)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { tenantFor, type Tenant } from '@plaudit/kernel';
import { benchDatabase, benchShops, createApiRuntime, createLogger, loadConfig, ROOT } from '@plaudit/kernel/testing';
import { ReviewExport, ReviewWrite, type ExportedReview, type ImportedReviewInput, type ReviewExportApi } from '@plaudit/contracts/reviews';
import { exportQuery, filtersOf, layoutFor, streamExport } from '../export';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const IMPORT_BATCH = 10_000;
const GOAL = { seconds: 30, mb: 200 };
const MB = 1024 * 1024;

type Mode = 'streamed' | 'naive';
type Type = 'csv' | 'xlsx';
interface Job {
  databaseUrl: string;
  shopId: number;
  domain: string;
  mode: Mode;
  type: Type;
  file: string;
}
interface Result {
  ms: number;
  rssBefore: number;
  rssPeak: number;
  maxRss: number;
  bytes: number;
}

function runtimeEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PLUGIN_DIRS: '',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    APP_URL: 'http://127.0.0.1:9',
    TEMPORAL_PORT: '9',
  };
  for (const k of ['TEMPORAL_ADDRESS', 'SMTP_URL', 'SHOPIFY_API_KEY', 'SHOPIFY_API_SECRET']) delete env[k];
  return env;
}

// ---- one export, in a process of its own ----
async function naive(reviews: ReviewExportApi, tenant: Tenant, type: Type, file: string) {
  const all: ExportedReview[] = [];
  for await (const batch of reviews.exportBatches(tenant, {}, 5000)) all.push(...batch);
  const layout = layoutFor('plaudit', { mediaBase: 'http://127.0.0.1:9' });
  const rows = all.map((r) => layout.row(r));
  if (type === 'csv')
    return fs.writeFileSync(
      file,
      stringify([[...layout.headers], ...rows], { bom: true, record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true }),
    );
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Reviews');
  sheet.addRow([...layout.headers]);
  sheet.addRows(rows);
  await book.xlsx.writeFile(file);
}

async function exportRole() {
  const job = JSON.parse(process.env.BENCH_EXPORT!) as Job;
  const runtime = createApiRuntime(loadConfig(process.env, ROOT), createLogger('silent'));
  const reviews = runtime.services.capabilities.require(ReviewExport);
  const tenant = tenantFor(job.shopId, job.domain);
  const rss = () => process.memoryUsage().rss;
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 50);
  const started = performance.now();
  if (job.mode === 'naive') await naive(reviews, tenant, job.type, job.file);
  else {
    const query = exportQuery.parse({ format: 'plaudit', type: job.type });
    await streamExport(
      reviews,
      tenant,
      { format: query.format, type: query.type, filters: filtersOf(query), mediaBase: 'http://127.0.0.1:9' },
      fs.createWriteStream(job.file),
    );
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rss());
  const result: Result = { ms, rssBefore, rssPeak, maxRss: process.resourceUsage().maxRSS * 1024, bytes: fs.statSync(job.file).size };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await runtime.close();
}

function exportIn(job: Job, env: NodeJS.ProcessEnv): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', __filename], {
      env: { ...env, BENCH_EXPORT: JSON.stringify(job) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as Result) : reject(new Error(`${job.mode} ${job.type} exited with ${code}`)),
    );
  });
}

// ---- the run ----
function review(i: number): ImportedReviewInput {
  const day = Date.UTC(2020, 0, 1) + i * 15 * 60_000;
  return {
    productId: `gid://shopify/Product/${7_000_000_000 + (i % 40)}`,
    productTitle: `Product ${i % 40}`,
    productHandle: `product-${i % 40}`,
    rating: 1 + (i % 5),
    title: `Review ${i}`,
    content: `Review number ${i}: sturdy, as described, arrived quickly. ${i % 7 === 0 ? 'Would buy again, "really".' : ''}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${i}@example.com`,
    country: 'GB',
    locale: 'en',
    variants: ['Color: Red', 'Size: M'],
    media: i % 3 === 0 ? [{ url: `https://cdn.example.com/${i}-a.jpg` }, { url: `https://cdn.example.com/${i}-b.jpg` }] : [],
    reply: i % 4 === 0 ? { content: 'Thank you for your review!', at: new Date(day + 86_400_000) } : null,
    status: i % 10 === 0 ? 'unpublished' : 'published',
    createdAt: new Date(day),
  };
}

async function countCsvRows(file: string): Promise<number> {
  const { parse } = await import('csv-parse');
  let n = -1;
  for await (const _ of fs.createReadStream(file).pipe(parse({ bom: true }))) n++;
  return n;
}

async function countXlsxRows(file: string): Promise<number> {
  let n = -1;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  })) {
    for await (const _ of sheet as AsyncIterable<unknown>) n++;
  }
  return n;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-export-bench-'));
  const db = await benchDatabase();
  const env = runtimeEnv(db.url, dataDir);
  const runtime = createApiRuntime(loadConfig(env, ROOT), createLogger('silent'));
  try {
    const { first: shopId } = await benchShops(db.knex, 1, 'enterprise');
    const domain = 'bench-1.myshopify.com';
    const importer = runtime.services.capabilities.require(ReviewWrite);
    console.log(`seeding ${ROWS.toLocaleString('en')} reviews through the reviews plugin's import, ${IMPORT_BATCH.toLocaleString('en')} a call ...`);
    const t = performance.now();
    for (let i = 0; i < ROWS; i += IMPORT_BATCH) {
      await importer.importReviews(
        tenantFor(shopId, domain),
        Array.from({ length: Math.min(IMPORT_BATCH, ROWS - i) }, (_, k) => review(i + k)),
      );
    }
    // tenancy: statistics of the whole benchmark database
    await db.knex.raw('ANALYZE');
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);

    const results: { mode: Mode; type: Type; r: Result; rows: number | null }[] = [];
    for (const type of ['xlsx', 'csv'] as const) {
      for (const mode of ['naive', 'streamed'] as const) {
        const file = path.join(dataDir, `${mode}.${type}`);
        const r = await exportIn({ databaseUrl: db.url, shopId, domain, mode, type, file }, env);
        const rows = mode === 'streamed' ? await (type === 'csv' ? countCsvRows(file) : countXlsxRows(file)) : null;
        results.push({ mode, type, r, rows });
        fs.rmSync(file, { force: true });
      }
    }
    const mb = (n: number) => (n / MB).toFixed(0).padStart(6);
    console.log(
      `${'export'.padEnd(16)} ${'time'.padStart(8)} ${'RSS before'.padStart(11)} ${'RSS peak'.padStart(9)} ${'added'.padStart(9)} ${'max RSS'.padStart(9)} ${'file'.padStart(9)}  rows`,
    );
    for (const { mode, type, r, rows } of results) {
      console.log(
        `${`${type} ${mode}`.padEnd(16)} ${(r.ms / 1000).toFixed(1).padStart(6)} s ${mb(r.rssBefore)} MB ${mb(r.rssPeak)} MB ${mb(r.rssPeak - r.rssBefore)} MB ${mb(r.maxRss)} MB ${mb(r.bytes)} MB  ${rows === null ? '' : rows.toLocaleString('en')}`,
      );
    }
    console.log('');
    for (const type of ['xlsx', 'csv'] as const) {
      const s = results.find((x) => x.type === type && x.mode === 'streamed')!.r;
      const n = results.find((x) => x.type === type && x.mode === 'naive')!.r;
      const added = (x: Result) => x.rssPeak - x.rssBefore;
      const goal =
        type === 'xlsx'
          ? `; goal under ${GOAL.seconds} s and ${GOAL.mb} MB added: ${s.ms / 1000 < GOAL.seconds && added(s) / MB < GOAL.mb ? 'met' : 'missed'}`
          : '';
      console.log(
        `${type}: streamed / naive time ${(s.ms / n.ms).toFixed(2)}, peak RSS ${(s.rssPeak / n.rssPeak).toFixed(2)}, memory added ${(added(s) / Math.max(1, added(n))).toFixed(2)}${goal}`,
      );
    }
  } finally {
    await runtime.close().catch(() => undefined);
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_EXPORT) {
  exportRole().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
