// The Temporal dev server (`temporal server start-dev`, SQLite file, as `npm start` runs it; and in
// memory, as the test suite runs it) against the self-hosted server on PostgreSQL (TEMPORAL_MODE=server,
// api/runtime/temporal-server.ts), side by side in one run (issue 31):
// 1. throughput: workflow starts carrying the app's ShopDomain search attribute, 20 in flight, in
//    rounds that each start with the next server, so none always gets the machine first;
// 2. the same start rate on both (RATE per second for SECONDS): start latency p50 / p95;
// 3. visibility lag: from the last start until a ShopDomain count query sees every workflow.
// No worker polls the queue: what is measured is the server's write path (history + visibility).
// Run: npx tsx bench/temporal-server.ts   (needs the Temporal CLI and scripts/temporal-server.sh's build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { defineWorkflow } from '@plaudit/contracts/define';
import { ShopDomain, startWorkflow } from '@plaudit/kernel';
import { createLogger, findTemporalCli, freePort, pct, startTemporalDevServer } from '@plaudit/kernel/testing';
import { ensureSearchAttributes } from '../api/temporal/connection';
import { SEARCH_ATTRIBUTES } from '../api/temporal/search-attributes';
import { findTemporalServer, startTemporalServer } from '../api/runtime/temporal-server';

const ROUNDS = 6;
const PER_ROUND = 200;
const IN_FLIGHT = 20;
const RATE = 50;
const SECONDS = 6;
const NAMESPACE = 'plaudit-bench';
/** A workflow type nobody implements: only the start is measured. */
const BenchEmpty = defineWorkflow<() => Promise<void>>('benchEmpty');

interface Target {
  name: string;
  client: Client;
  shop: string;
  started: number;
}

async function startOne(t: Target, id: string) {
  const began = performance.now();
  await startWorkflow(t.client, BenchEmpty, {
    workflowId: id,
    taskQueue: 'bench-starts',
    args: [],
    typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomain, value: t.shop }]),
  });
  t.started++;
  return performance.now() - began;
}

/** `count` starts, IN_FLIGHT at a time: the elapsed ms. */
async function burst(t: Target, prefix: string, count: number): Promise<number> {
  const began = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await startOne(t, `${prefix}-${next++}`);
    }),
  );
  return performance.now() - began;
}

/** RATE starts per second, each on its own tick (open loop): the latencies. */
async function paced(t: Target, prefix: string): Promise<number[]> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const began = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = began + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(startOne(t, `${prefix}-${i}`).then((ms) => void latencies.push(ms)));
  }
  await Promise.all(pending);
  return latencies;
}

/** From now until a count query by ShopDomain sees every workflow started: ms. */
async function visibilityLag(t: Target): Promise<number> {
  const began = performance.now();
  for (;;) {
    const { count } = await t.client.workflow.count(`ShopDomain = "${t.shop}"`);
    if (count >= t.started) return performance.now() - began;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main() {
  const cli = findTemporalCli(process.env.TEMPORAL_CLI_PATH);
  if (!cli) throw new Error('no Temporal CLI: run `npm start` once (it builds one) or set TEMPORAL_CLI_PATH');
  const binaries = findTemporalServer();
  if (!binaries) throw new Error('no self-hosted Temporal server: run scripts/temporal-server.sh');
  const log = createLogger('silent');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-bench-temporal-'));
  // run as root, PostgreSQL runs as `postgres`, which must reach its folder inside this one
  fs.chmodSync(dir, 0o755);
  const stops: (() => Promise<void>)[] = [];
  try {
    const dev = await startTemporalDevServer({
      cli,
      port: await freePort(),
      uiPort: await freePort(),
      namespace: NAMESPACE,
      dbFile: path.join(dir, 'dev.db'),
      log,
    });
    stops.push(dev.stop);
    const memory = await startTemporalDevServer({ cli, port: await freePort(), uiPort: await freePort(), namespace: NAMESPACE, log });
    stops.push(memory.stop);
    const server = await startTemporalServer({
      binaries,
      dir: path.join(dir, 'server'),
      port: await freePort(),
      postgresPort: await freePort(),
      namespace: NAMESPACE,
      log,
    });
    stops.push(server.stop);
    const targets: Target[] = [];
    for (const [name, address] of [
      ['dev server (SQLite file)', dev.address],
      ['self-hosted (PostgreSQL)', server.address],
      ['dev server (in memory)', memory.address],
    ]) {
      const connection = await Connection.connect({ address });
      stops.push(() => connection.close());
      await ensureSearchAttributes(connection, NAMESPACE, SEARCH_ATTRIBUTES, log);
      targets.push({ name, client: new Client({ connection, namespace: NAMESPACE }), shop: `bench-${targets.length}.myshopify.com`, started: 0 });
    }
    for (const t of targets) await burst(t, 'warm', 100);

    const elapsed = targets.map(() => 0);
    for (let r = 0; r < ROUNDS; r++) {
      // each round starts with the next server: none always gets the machine first
      for (let k = 0; k < targets.length; k++) {
        const i = (r + k) % targets.length;
        elapsed[i] += await burst(targets[i], `round-${r}`, PER_ROUND);
      }
    }
    const rates = elapsed.map((ms) => (ROUNDS * PER_ROUND) / (ms / 1000));
    const latencies: number[][] = [];
    for (const t of targets) latencies.push(await paced(t, 'paced'));
    const lags: number[] = [];
    for (const t of targets) {
      await burst(t, 'lag', PER_ROUND);
      lags.push(await visibilityLag(t));
    }

    console.log(`workflow starts with the ShopDomain search attribute, no worker (${ROUNDS} rotating rounds of ${PER_ROUND}, ${IN_FLIGHT} in flight)`);
    targets.forEach((t, i) => {
      const l = latencies[i];
      console.log(
        `  ${t.name.padEnd(26)} ${rates[i].toFixed(0).padStart(5)} starts/s   at ${RATE}/s: p50 ${pct(l, 50).toFixed(1)} ms, p95 ${pct(l, 95).toFixed(1)} ms   visibility lag after ${PER_ROUND} starts: ${lags[i].toFixed(0)} ms`,
      );
    });
    for (const i of [0, 2]) {
      console.log(
        `  ratio self-hosted / ${targets[i].name}: throughput ${(rates[1] / rates[i]).toFixed(2)}, p50 at ${RATE}/s ${(pct(latencies[1], 50) / pct(latencies[i], 50)).toFixed(2)}, p95 ${(pct(latencies[1], 95) / pct(latencies[i], 95)).toFixed(2)}`,
      );
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
