// The processes of the scale-out topology on loopback: API and worker processes of the app as
// `npm start` runs them from source (tsx), each a child the test can SIGKILL, and a store emulator
// of their own whose webhooks go to the load balancer (Shopify posts to the app's one public URL).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../api/config';
import { createLogger } from '../../api/log';
import { installEmulatorShop } from '../../api/runtime/emulator';
import { freePort, startOnFreshPorts } from '../../api/runtime/ports';
import { ROOT } from '../../api/runtime/stack';
import { webhookWorkflowId } from '../../api/platform/webhook-intake';
import { reviewRequestWorkflowId } from '../../plugins/review-requests/workflows/messages';
import { EMULATOR_API_KEY, EMULATOR_API_SECRET, startEmulator, type RunningEmulator } from '../../emulator';
import { FIRST_ID } from '../../emulator/ids';
import { type Delivery, WebhookSender } from '../../emulator/webhooks';

/**
 * One process of the app; resolves once it reports `ready` (the API listening, the worker polling).
 * Its log (warnings and errors) goes nowhere unless SCALE_LOG_DIR names a folder for it.
 */
export async function appProcess(entry: 'api/server.ts' | 'workflows/worker.ts', env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: [
      'ignore',
      process.env.SCALE_LOG_DIR ? fs.openSync(path.join(process.env.SCALE_LOG_DIR, `${path.basename(entry)}-${Date.now()}.log`), 'a') : 'ignore',
      'pipe',
      'ipc',
    ],
  });
  let errors = '';
  child.stderr!.on('data', (c: Buffer) => (errors = (errors + c.toString()).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}): ${errors}`)));
  });
  return child;
}

/**
 * An API process on a port of its own. The child binds the port it is given: should another process
 * bind it first, the process exits with EADDRINUSE and starts again on a fresh port.
 */
export async function apiProcess(env: (port: number) => Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return startOnFreshPorts([await freePort()], async ([port]) => ({ port, child: await appProcess('api/server.ts', { ...env(port), PORT: String(port) }) }));
}

/** A store emulator whose webhooks go to `appUrl` (the load balancer), with its own id range. */
export function emulatorFor(appUrl: string): Promise<RunningEmulator> {
  return startEmulator({
    port: 0,
    apiKey: EMULATOR_API_KEY,
    apiSecret: EMULATOR_API_SECRET,
    appUrl,
    webhookRetryDelaysMs: [200, 400, 800, 1600],
    firstId: FIRST_ID + BigInt(crypto.randomInt(2 ** 40)) * 2n ** 20n,
  });
}

/** What an app process needs to reach `emulator` (the secret that signs its webhooks, its Admin API). */
export function emulatorEnv(emulator: RunningEmulator, appUrl: string): Record<string, string> {
  return { SHOPIFY_API_KEY: EMULATOR_API_KEY, SHOPIFY_API_SECRET: EMULATOR_API_SECRET, SHOPIFY_EMULATOR_URL: emulator.url, APP_URL: appUrl };
}

/** The emulator's control API (emulator/control.ts). */
export async function control<T = any>(emulator: RunningEmulator, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulator.url}/_emulator${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${route}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A new emulated shop, installed into the app through the emulator's token exchange, on `plan`. */
export async function installShop(config: Config, knex: Knex, emulator: RunningEmulator, plan: string) {
  const domain = `scale-${crypto.randomBytes(4).toString('hex')}.myshopify.com`;
  await control(emulator, '/shops', { shop: domain, installed: true });
  await installEmulatorShop(
    { ...config, shopify: { ...config.shopify, emulatorUrl: emulator.url } },
    createLogger('silent'),
    knex,
    config.encryptionKey!,
    domain,
  );
  await knex('shops').where({ shopifyDomain: domain }).update({ plan });
  return { domain, shop: await knex('shops').where({ shopifyDomain: domain }).first() };
}

/** Queue statuses a request ends in or rests in (sent, or opened and reviewed afterwards, failed, cancelled). */
export const FINAL = ['success', 'opened', 'reviewed', 'failed', 'cancel'];

export function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

/** A duplicate of one of the emulator's deliveries, posted through nginx with the emulator's headers and HMAC. */
export async function redeliver(url: string, d: Delivery) {
  const res = await fetch(`${url}/webhooks`, {
    method: 'POST',
    body: d.body,
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': d.topic,
      'X-Shopify-Hmac-Sha256': WebhookSender.hmac(d.body, EMULATOR_API_SECRET),
      'X-Shopify-Shop-Domain': d.shop,
      'X-Shopify-API-Version': d.apiVersion,
      'X-Shopify-Webhook-Id': d.webhookId,
      'X-Shopify-Triggered-At': d.triggeredAt,
      'X-Shopify-Event-Id': d.eventId,
    },
  });
  await res.arrayBuffer();
  return { status: res.status, upstream: res.headers.get('x-upstream') ?? 'none' };
}

/**
 * Why deliveries are not `processed` yet, for a timeout's message: each one's outbox row (a start not
 * yet handed to Temporal, its attempts and last error) and its workflow's state in Temporal.
 */
export async function whyNotProcessed(knex: Knex, temporal: Client, rows: { shopDomain: string; webhookId: string; status: string }[]) {
  const waiting = rows.filter((r) => r.status !== 'processed');
  return Promise.all(
    waiting.map(async (r) => {
      const workflowId = webhookWorkflowId(r.shopDomain, r.webhookId);
      const start = await knex('workflow_outbox').where({ workflowId }).first('attempts', 'lastError', 'nextAttemptAt');
      return { webhookId: r.webhookId, row: r.status, outbox: start ?? 'none', workflow: await workflowState(temporal, workflowId) };
    }),
  );
}

/**
 * For a queue wait's timeout: each request not final (at most `limit`), with its review-request
 * workflow's state: its pending activities (attempt, state, last failure, next retry) and workflow
 * task, so a request stuck after a worker's kill says where.
 */
export async function whyNotSent(temporal: Client, shopDomain: string, rows: { orderId: string; status: string }[], limit = 5) {
  const open = rows.filter((r) => !FINAL.includes(r.status)).slice(0, limit);
  return Promise.all(
    open.map(async (r) => {
      return { orderId: r.orderId, row: r.status, workflow: await workflowState(temporal, reviewRequestWorkflowId(shopDomain, r.orderId)) };
    }),
  );
}

/** A workflow's state for a timeout's message: its pending activities (attempt, state, last failure, next retry) and workflow task. */
async function workflowState(temporal: Client, workflowId: string) {
  return temporal.workflow
    .getHandle(workflowId)
    .describe()
    .then(({ status, historyLength, raw }) => ({
      status: status.name,
      historyLength,
      activities: raw.pendingActivities?.map((a) => ({
        type: a.activityType?.name,
        attempt: a.attempt,
        state: a.state,
        lastFailure: a.lastFailure?.message,
        nextAttempt: a.nextAttemptScheduleTime ? new Date(Number(a.nextAttemptScheduleTime.seconds) * 1000).toISOString() : undefined,
      })),
      workflowTask: raw.pendingWorkflowTask ? { state: raw.pendingWorkflowTask.state, attempt: raw.pendingWorkflowTask.attempt } : undefined,
    }))
    .catch((err: Error) => ({ status: `not described: ${err.name}: ${err.message}` }));
}

/**
 * For a schedule wait's timeout: each schedule's runs in visibility (how many, the latest's start
 * and status) and its own account (actions taken, skipped because a run was still open, missed
 * because the server was later than the catch-up window, the open ones, the next time).
 */
export async function scheduleStates(temporal: Client, ids: string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const { info } = await temporal.schedule.getHandle(id).describe();
      let runs = 0;
      let latest: { start: string; status: string } | undefined;
      for await (const w of temporal.workflow.list({ query: `TemporalScheduledById = "${id}"` })) {
        runs++;
        const start = w.startTime.toISOString();
        if (!latest || start > latest.start) latest = { start, status: w.status.name };
      }
      return {
        id,
        runs,
        latest,
        taken: info.numActionsTaken,
        skippedOverlap: info.numActionsSkippedOverlap,
        missedCatchupWindow: info.numActionsMissedCatchupWindow,
        open: info.runningActions.map((a) => a.workflow.workflowId),
        next: info.nextActionTimes[0]?.toISOString(),
      };
    }),
  );
}
