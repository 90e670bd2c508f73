// The scale-out topology (issue 31), piece by piece on loopback:
// 1. the self-hosted Temporal server on PostgreSQL (TEMPORAL_MODE=server): the server built from its
//    Go module (scripts/temporal-server.sh), its schema applied by Temporal's SQL tool on an embedded
//    PostgreSQL of its own, an API and a worker of the app on it, and a real review request: sent,
//    and found through advanced visibility by the app's search attributes, rows in PostgreSQL;
// 2. two API processes on that server behind nginx: both answer, and with one SIGKILLed under load
//    nginx routes around it (counts printed).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../../api/runtime/stack';
import { stopChild } from '../../api/runtime/temporal-dev-server';
import { freePort } from '../../api/runtime/ports';
import { eventually, listMail, startPlatformStack, startTestWorker, storeSettingsRaw, type PlatformStack } from '@plaudit/kernel/testing';
import { startNginx } from './nginx';

let dir: string;
let server: { address: string; postgresUrl: string; process: ChildProcess } | undefined;
let stack: PlatformStack | undefined;
let stopWorker: (() => Promise<void>) | undefined;

/** The server in a process of its own (temporal-server-process.ts); resolves once it is ready. */
async function startServerProcess(): Promise<NonNullable<typeof server>> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'temporal-server-process.ts'), dir, process.env.TEMPORAL_NAMESPACE!], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the Temporal server process exited (${code}): ${output}`)));
  });
  return { ...(JSON.parse(line) as { address: string; postgresUrl: string }), process: child };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-temporal-server-'));
  const started = performance.now();
  server = await startServerProcess();
  console.log(
    `self-hosted Temporal server on PostgreSQL up in ${Math.round(performance.now() - started)} ms (PostgreSQL, schema, server, namespace, search attributes)`,
  );
  stack = await startPlatformStack({ TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: `scale-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
}, 180_000);

afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
  if (server) await stopChild(server.process, 30_000);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('a review request runs on the self-hosted server and is found by its search attributes', async () => {
  const { domain, shop } = await stack!.installShop();
  await storeSettingsRaw(stack!.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 0,
  });
  const { order } = await stack!.control('/orders', { shop: domain, fulfill: true });
  const workflowId = `review-request:${domain}:${order.id}`;
  const temporal = stack!.api.runtime.services.temporal.client;
  const find = async (query: string) => {
    const ids: string[] = [];
    for await (const w of temporal.workflow.list({ query })) ids.push(w.workflowId);
    return ids.length ? ids : undefined;
  };

  expect(await eventually(() => find(`ShopDomain = "${domain}" AND RequestStatus = "success"`), 40_000)).toEqual([workflowId]);
  const [mail] = await eventually(async () => {
    const sent = listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
    return sent.length ? sent : undefined;
  });
  expect(mail.subject).toContain(order.name);
  // every attribute, each through its own typed column (keyword, datetime); the order's webhooks
  // and events carry ShopDomain too
  expect(await find(`ShopDomain = "${domain}"`)).toEqual(expect.arrayContaining([workflowId, expect.stringMatching(/^webhook:/)]));
  expect(await find(`ShopDomain = "${domain}" AND OrderName = "${order.name}"`)).toEqual([workflowId]);
  expect(await find(`ShopDomain = "${domain}" AND SendAt <= "${new Date().toISOString()}"`)).toEqual([workflowId]);
  expect(await find(`ShopDomain = "${domain}" AND SendAt > "${new Date().toISOString()}"`)).toBeUndefined();
  expect(await find(`ShopDomain = "${domain}" AND RequestStatus = "failed"`)).toBeUndefined();

  // The answers came from PostgreSQL: the visibility row carries the attributes, the history is in `temporal`.
  const db = new pg.Client({ connectionString: server!.postgresUrl.replace(/\/temporal$/, '/temporal_visibility') });
  await db.connect();
  try {
    const { rows } = await db.query('select search_attributes from executions_visibility where workflow_id = $1', [workflowId]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].search_attributes)).toContain(domain);
  } finally {
    await db.end();
  }
  const history = new pg.Client({ connectionString: server!.postgresUrl });
  await history.connect();
  try {
    const { rows } = await history.query('select count(*)::int as n from executions where workflow_id = $1', [workflowId]);
    expect(rows[0].n).toBe(1);
  } finally {
    await history.end();
  }
});

/** An API process of the app (as `npm start` runs it) on the self-hosted server; resolves once it is listening. */
async function apiProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, TEMPORAL_ADDRESS: server!.address, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr!.on('data', (c: Buffer) => (errors = (errors + c.toString()).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}): ${errors}`)));
  });
  return child;
}

test('two API processes behind nginx: both answer, and one SIGKILLed under load is routed around', async () => {
  const ports = [await freePort(), await freePort()];
  const apis = await Promise.all(ports.map(apiProcess));
  const nginx = await startNginx(await freePort(), ports);
  try {
    // 4 clients in a loop on the health route (PostgreSQL and Temporal behind it) until told to stop
    const answers = { byUpstream: new Map<string, number>(), failed: 0, afterKill: 0 };
    let killed = false;
    let running = true;
    const client = async () => {
      while (running) {
        const res = await fetch(`${nginx.url}/api/health`).catch(() => undefined);
        if (res?.status !== 200) answers.failed++;
        else if (killed) answers.afterKill++;
        const upstream = res?.headers.get('x-upstream') ?? 'none';
        answers.byUpstream.set(upstream, (answers.byUpstream.get(upstream) ?? 0) + 1);
        await res?.arrayBuffer();
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const served = (port: number) => [...answers.byUpstream].filter(([u]) => u.split(', ').at(-1) === `127.0.0.1:${port}`).reduce((n, [, c]) => n + c, 0);
    await eventually(async () => served(ports[0]) >= 20 && served(ports[1]) >= 20, 30_000);
    const beforeKill = { first: served(ports[0]), second: served(ports[1]) };
    apis[0].kill('SIGKILL');
    killed = true;
    const secondBefore = served(ports[1]);
    await eventually(async () => served(ports[1]) - secondBefore >= 100, 30_000);
    running = false;
    await Promise.all(clients);
    console.log(
      `nginx over 2 API processes: before the kill ${beforeKill.first} + ${beforeKill.second} answers; after SIGKILL of the first, ${answers.afterKill} answered (200), ${answers.failed} failed; per upstream: ${JSON.stringify(Object.fromEntries(answers.byUpstream))}`,
    );
    // a GET in flight on the killed process is retried on the other by nginx (idempotent): none lost
    expect(answers.failed).toBe(0);
    expect(answers.afterKill).toBeGreaterThanOrEqual(100);
  } finally {
    await nginx.stop();
    await Promise.all(apis.map((a) => stopChild(a)));
  }
}, 180_000);
