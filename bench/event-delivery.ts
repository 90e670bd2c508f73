// A domain event's delivery, the kernel's deliverEvent (workflows/kernel/workflows.ts), as it is (its
// listeners read by a local activity, then handled together in one activity: `listeners-in-one-activity`)
// against as it was before (an activity per listener, side by side: `parallel-listeners`) and before that
// (read by an activity through the task queue, handled in turn), each listener's handler doing nothing. One in-memory Temporal dev server, as the test stack runs it, and one worker in this process;
// rounds alternate the two shapes (which goes first alternates too), PER_ROUND deliveries each, IN_FLIGHT
// at a time. Per delivery: the dev server's CPU (/proc), this process's (the worker, its Rust core and
// the client), the wall time, and the history's length.
// LISTENERS: 8 by default, about the average of a test run's deliveries (11 plugins handle ReviewCreated).
//
//   npx tsx bench/event-delivery.ts        # ROUNDS=6 PER_ROUND=200 IN_FLIGHT=20 LISTENERS=8
import fs from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createLogger, findTemporalCli, freePort, startTemporalDevServer } from '@plaudit/kernel/testing';
import { ReviewCreated } from '@plaudit/contracts/reviews';
import type { EventDelivery } from '../api/kernel/events';
import { benchActivities } from './event-delivery/activities';

const ROUNDS = Number(process.env.ROUNDS ?? 6);
const PER_ROUND = Number(process.env.PER_ROUND ?? 200);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 20);
const LISTENERS = Number(process.env.LISTENERS ?? 8);
const NAMESPACE = 'plaudit-bench';
const TASK_QUEUE = 'bench-event-delivery';
const SHAPES = ['deliverInTurn', 'deliverSideBySide', 'deliverEvent'] as const;
type Shape = (typeof SHAPES)[number];

/** CPU milliseconds a process has used (Linux: utime + stime, in 10 ms ticks) */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** PER_ROUND deliveries, IN_FLIGHT at a time: the history length of each */
async function deliver(client: Client, shape: Shape, prefix: string): Promise<number[]> {
  const lengths: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < PER_ROUND) {
        const handle = await client.workflow.start(shape, {
          workflowId: `${prefix}-${next++}`,
          taskQueue: TASK_QUEUE,
          args: [{ event: ReviewCreated.name, payload: {} } satisfies EventDelivery],
        });
        const result = await handle.result();
        if (!result.endsWith(`listener-${LISTENERS}`)) throw new Error(`${shape}: ${result}`);
        lengths.push((await handle.describe()).historyLength);
      }
    }),
  );
  return lengths;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const byShape = (): Record<Shape, number[]> => ({ deliverInTurn: [], deliverSideBySide: [], deliverEvent: [] });

async function main() {
  const cli = findTemporalCli(process.env.TEMPORAL_CLI_PATH);
  if (!cli) throw new Error('no Temporal CLI: run `npm start` once (it builds one) or set TEMPORAL_CLI_PATH');
  const dev = await startTemporalDevServer({ cli, port: await freePort(), uiPort: await freePort(), namespace: NAMESPACE, log: createLogger('silent') });
  const pid = dev.process.pid!;
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const native = await NativeConnection.connect({ address: dev.address });
  const worker = await Worker.create({
    connection: native,
    namespace: NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: path.join(__dirname, 'event-delivery', 'workflows.ts'),
    activities: benchActivities(LISTENERS),
  });
  const running = worker.run();
  const connection = await Connection.connect({ address: dev.address });
  const client = new Client({ connection, namespace: NAMESPACE });
  const [server, own, wall, events] = [byShape(), byShape(), byShape(), byShape()];
  try {
    for (const shape of SHAPES) await deliver(client, shape, `warm-up-${shape}`); // the bundle's first runs, the server's caches
    for (let round = 0; round < ROUNDS; round++) {
      for (const shape of round % 2 ? [...SHAPES].reverse() : SHAPES) {
        const [s, o, w] = [processCpuMs(pid), ownCpuMs(), performance.now()];
        const lengths = await deliver(client, shape, `${shape}-${round}`);
        server[shape].push((processCpuMs(pid) - s) / PER_ROUND);
        own[shape].push((ownCpuMs() - o) / PER_ROUND);
        wall[shape].push((performance.now() - w) / PER_ROUND);
        events[shape].push(median(lengths));
      }
    }
  } finally {
    worker.shutdown();
    await running;
    await native.close();
    await connection.close();
    await dev.stop();
  }
  console.log(`A delivery to ${LISTENERS} listeners (median of ${ROUNDS} rounds of ${PER_ROUND}, ${IN_FLIGHT} in flight)`);
  console.log('| shape | dev server CPU | worker + client CPU | wall per delivery | history events |');
  console.log('|---|---|---|---|---|');
  for (const shape of SHAPES)
    console.log(
      `| ${shape} | ${median(server[shape]).toFixed(2)} ms | ${median(own[shape]).toFixed(2)} ms | ${median(wall[shape]).toFixed(2)} ms | ${median(events[shape])} |`,
    );
  for (const before of ['deliverSideBySide', 'deliverInTurn'] as const) {
    const ratio = (m: Record<Shape, number[]>) => (median(m.deliverEvent) / median(m[before])).toFixed(2);
    console.log(`| deliverEvent / ${before} | ${ratio(server)} | ${ratio(own)} | ${ratio(wall)} | ${ratio(events)} |`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
