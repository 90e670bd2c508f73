// One real stack per test file (API, PostgreSQL, Temporal with this file's own worker, the store and
// marketplace emulators), and the import calls as the admin makes them.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { client, eventually, ROOT, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';

export type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
export const FIXTURES = path.join(__dirname, 'fixtures');

export async function importStack(name: string) {
  const stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `imports-${name}-${process.pid}` });
  const stopWorker = await startTestWorker(stack.api.config);
  return {
    stack,
    close: async () => {
      await stopWorker();
      await stack.close();
    },
  };
}

export interface Run {
  id: number;
  status: string;
  total: number | null;
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  photosFailed: number;
  limited: boolean;
  error: string | null;
}

/** An installed shop on a plan (installed before the full-access date, so the plan's limits apply), with the admin's client. */
export async function shopOn(stack: Stack, plan = 'pro') {
  // every product of the demo catalogue: the fixtures name them all
  const installed = await stack.installShop({ products: 12 });
  await updateShop(stack.api, installed.shop.id, { plan, installedAt: new Date('2025-01-01') });
  const http = client(stack.appUrl, installed.appToken);
  const products = stack.emulator.store.shop(installed.domain)!.products;
  return { ...installed, http, products, gid: (handle: string) => `gid://shopify/Product/${products.find((p) => p.handle === handle)!.id}` };
}
export type Shop = Awaited<ReturnType<typeof shopOn>>;

/** POST /api/imports/files with the bytes (or a fixture's name). */
export async function upload(stack: Stack, shop: Shop, file: string | { name: string; bytes: Buffer }) {
  const { name, bytes } = typeof file === 'string' ? { name: file, bytes: fs.readFileSync(path.join(FIXTURES, file)) } : file;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${stack.appUrl}/api/imports/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${shop.appToken}` } });
  return { status: res.status, body: (await res.json()) as any };
}

/** The run once its workflow has finished (completed or failed). */
export async function finished(shop: Shop, id: number): Promise<Run> {
  return eventually(async () => {
    const run = (await shop.http.get<{ data: Run }>(`/api/imports/${id}`)).body.data;
    return run.status === 'completed' || run.status === 'failed' ? run : undefined;
  }, 60_000);
}

/** Upload, start with the detected mapping (changed by `mapping`), and wait for the outcome. */
export async function importFile(stack: Stack, shop: Shop, file: Parameters<typeof upload>[2], mapping: Record<string, string | null> = {}) {
  const up = await upload(stack, shop, file);
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
  const started = await shop.http.post(`/api/imports/${up.body.data.id}/start`, {
    format: up.body.data.format,
    mapping: { ...up.body.data.mapping, ...mapping },
  });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return { file: up.body.data, run: await finished(shop, up.body.data.id) };
}

/** The error report's rows. */
export async function errorReport(stack: Stack, shop: Shop, id: number): Promise<{ line: string; column: string; reason: string }[]> {
  const res = await fetch(`${stack.appUrl}/api/imports/${id}/errors.csv`, { headers: { authorization: `Bearer ${shop.appToken}` } });
  const { parse } = await import('csv-parse/sync');
  return parse(await res.text(), { bom: true, columns: true });
}

/** The shop's reviews as the admin's list shows them (all tabs), oldest first. */
export async function reviewsOf(shop: Shop): Promise<any[]> {
  const res = await shop.http.get('/api/reviews?tab=all&limit=100&sort=oldest');
  return res.body.data;
}

/** `npm run plaudit -- <args>` against the stack's API, as a merchant's terminal runs it. */
export function runCli(appUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, APP_URL: appUrl, NODE_ENV: 'development' };
    execFile(process.execPath, ['--import', 'tsx', 'api/cli/index.ts', ...args], { cwd: ROOT, env, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

export const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';
