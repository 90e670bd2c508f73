import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { from as copyFrom } from 'pg-copy-streams';
import type { Knex } from 'knex';
import { createLogger, DEMO_SHOP, loadConfig, ROOT, startApiServer, startInfrastructure, tokenFor, benchAppEnv } from '@plaudit/kernel/testing';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const HANDLES = ['ceramic-coffee-mug', 'linen-tote-bag', 'merino-wool-beanie', 'leather-notebook', 'glass-water-bottle'];
// Judge.me's export (FORMATS.md): its picture_urls hold the photos, comma separated
const HEADER = [
  'title',
  'body',
  'rating',
  'review_date',
  'source',
  'curated',
  'reviewer_name',
  'reviewer_email',
  'product_id',
  'product_handle',
  'reply',
  'reply_date',
  'location',
  'metaobject_handle',
  'picture_urls',
];

async function writeXlsx(file: string, photos: boolean, run: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const ws = wb.addWorksheet('Reviews');
  ws.addRow(photos ? HEADER : HEADER.slice(0, -1)).commit();
  for (let i = 0; i < ROWS; i++) {
    const cells: unknown[] = [
      `Review ${i}`,
      `A review of some length, number ${i}, about the product and how it was used for a while.`,
      (i % 5) + 1,
      new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      'web',
      'ok',
      `Reviewer ${i}`,
      `r${i}@example.com`,
      '',
      HANDLES[i % HANDLES.length],
      i % 10 === 0 ? 'Thank you!' : '',
      '',
      'Lyon, France',
      `judgeme-review-${run}-${i}`,
    ];
    if (photos) cells.push(`https://judgeme.imgix.net/bench/${i}-a.jpg,https://judgeme.imgix.net/bench/${i}-b.jpg`);
    ws.addRow(cells).commit();
  }
  await ws.commit();
  await wb.commit();
}

/** The worker's resident memory, sampled every 100 ms while `fn` runs: [before, peak]. */
async function sampled<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 100);
  try {
    return { result: await fn(), before, peak };
  } finally {
    clearInterval(timer);
  }
}

async function importThrough(appUrl: string, token: string, file: string) {
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  const up = (await (await fetch(`${appUrl}/api/imports/files`, { method: 'POST', body: form, headers: auth })).json()) as {
    data: { id: number; format: string; mapping: object };
  };
  const body = JSON.stringify({ format: up.data.format, mapping: up.data.mapping });
  await fetch(`${appUrl}/api/imports/${up.data.id}/start`, { method: 'POST', body, headers: { ...auth, 'content-type': 'application/json' } });
  for (;;) {
    const run = ((await (await fetch(`${appUrl}/api/imports/${up.data.id}`, { headers: auth })).json()) as { data: Record<string, number | string> }).data;
    if (run.status === 'completed' || run.status === 'failed') return run;
    await new Promise((ok) => setTimeout(ok, 250));
  }
}

/** The same rows COPYed straight into a table of the same columns: no parsing, mapping, products or photos. */
async function copyRows(knex: Knex, shopId: number): Promise<number> {
  await knex.schema.createTable('imports_bench_floor', (t) => {
    t.bigIncrements('id');
    for (const c of ['kind', 'product_id', 'title', 'first_name', 'last_name', 'email', 'source', 'status']) t.string(c, 255);
    t.bigInteger('shop_id').notNullable();
    t.smallint('rating').notNullable();
    t.text('content').notNullable();
    t.boolean('imported').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['shop_id', 'product_id', 'created_at']);
  });
  const conn = await knex.client.acquireConnection();
  try {
    const t = performance.now();
    const lines = function* () {
      for (let i = 0; i < ROWS; i++) {
        yield [
          shopId,
          'product',
          `gid://shopify/Product/${i % 5}`,
          (i % 5) + 1,
          `Review ${i}`,
          `A review of some length, number ${i}, about the product and how it was used for a while.`,
          'Reviewer',
          String(i),
          `r${i}@example.com`,
          'imported',
          'published',
          't',
          new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        ].join('\t') + '\n';
      }
    };
    // tenancy: the bench's own scratch table, one shop's rows
    await pipeline(
      Readable.from(lines()),
      conn.query(
        copyFrom(
          'COPY imports_bench_floor (shop_id, kind, product_id, rating, title, content, first_name, last_name, email, source, status, imported, created_at) FROM STDIN',
        ),
      ),
    );
    return performance.now() - t;
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

async function main() {
  // development: photo URLs are fetched from the marketplace emulator on this machine, which production refuses (SSRF rules)
  const { env, dataDir, port } = await benchAppEnv({ nodeEnv: 'development', extraPorts: ['EMULATOR_PORT'] });
  // the store emulator's start reads the process environment
  process.env = env;
  const log = createLogger('silent');
  const infra = await startInfrastructure(loadConfig(env, ROOT), log, { progress: () => {}, temporalInMemory: true });
  const config = loadConfig({ ...env, ...infra.env }, ROOT);
  const api = await startApiServer(config, log, port);
  const worker = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'workflows/worker.ts')], {
    cwd: ROOT,
    env: { ...env, ...infra.env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((ok) => worker.on('message', (m) => m === 'ready' && ok()));
  try {
    const { knex, shops } = api.runtime.services;
    // installed now: full access, so the paid per-run limit (10,000)
    const shop = (await shops.byDomain(DEMO_SHOP))!;
    const token = tokenFor(config, DEMO_SHOP, 3600);
    const withPhotos = path.join(dataDir, 'with-photos.xlsx');
    const without = path.join(dataDir, 'without-photos.xlsx');
    // each run its own review ids: the second is not skipped as the first's duplicates
    await writeXlsx(withPhotos, true, 'a');
    await writeXlsx(without, false, 'b');
    console.log(
      `${ROWS.toLocaleString('en')} rows: ${(fs.statSync(withPhotos).size / 1e6).toFixed(1)} MB with photo URLs, ${(fs.statSync(without).size / 1e6).toFixed(1)} MB without\n`,
    );

    const rows: string[] = [];
    const rates: number[] = [];
    for (const [label, file] of [
      ['XLSX with 2 photos a row', withPhotos],
      ['XLSX without photos', without],
    ] as const) {
      const t = performance.now();
      const { result: run, before, peak } = await sampled(worker.pid!, () => importThrough(config.appUrl, token, file));
      const s = (performance.now() - t) / 1000;
      rates.push(ROWS / s);
      if (run.format !== 'judgeme') throw new Error(`read as ${run.format}`);
      rows.push(
        `${label.padEnd(26)} ${s.toFixed(1).padStart(6)} s  ${Math.round(ROWS / s)
          .toString()
          .padStart(
            6,
          )} rows/s  worker RSS ${Math.round(before / 2 ** 20)} -> peak ${Math.round(peak / 2 ** 20)} MB   imported ${run.imported} failed ${run.failed} photos failed ${run.photosFailed}`,
      );
      console.log(rows[rows.length - 1]);
    }
    const copyMs = await copyRows(knex, shop.id);
    const copyLine = `bare COPY (the floor)      ${(copyMs / 1000).toFixed(1).padStart(6)} s  ${Math.round(ROWS / (copyMs / 1000))
      .toString()
      .padStart(6)} rows/s`;
    console.log(copyLine);
    const floor = ROWS / (copyMs / 1000);
    console.log(
      `\nratios: with photos / COPY ${(rates[0] / floor).toFixed(4)}, without photos / COPY ${(rates[1] / floor).toFixed(3)}, with / without photos ${(rates[0] / rates[1]).toFixed(3)}`,
    );
  } finally {
    worker.kill('SIGTERM');
    await api.close();
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
