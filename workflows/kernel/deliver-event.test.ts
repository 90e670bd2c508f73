// The kernel's deliverEvent on the run's Temporal: the run's workflow bundle, the kernel's event
// activities over handlers of the test's own, a task queue of its own. Its listeners are read in the
// worker, only those an occurrence concerns get it (an integration: the shops that connected it), and
// one that keeps failing (its vendor down) holds up none of the others (before `parallel-listeners` they
// ran in turn: every listener after a failing one waited for its retries, backing off to once an hour).
// The handlers run together in one activity; only one that failed there gets activities of its own.
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { bundleFor, eventually, testConfig } from '@plaudit/kernel/testing';
import { eventHandlers, eventWorkflowId, handleEvent, type EventDelivery, type EventHandlers } from '../../api/kernel/events';
import type { ActivityDeps } from '../plugin';
import { createEventActivities } from './event-activities';

const config = testConfig({ TEMPORAL_TASK_QUEUE: `deliver-event-${process.pid}` });
/** the one shop that connected the vendor */
const CONNECTED = 1;
/** the vendor's listener first: handled in turn, the others came after its retries */
const LISTENERS = ['integration-vendor', 'reviews', 'rewards'];
let vendorDown = true;
/** each handler's calls: plugin, review, whether it failed */
const calls: { plugin: string; reviewId: number; failed: boolean }[] = [];

function listener(plugin: string): EventHandlers {
  return eventHandlers(
    handleEvent(ReviewCreated, ({ reviewId }) => {
      const failed = plugin === 'integration-vendor' && vendorDown;
      calls.push({ plugin, reviewId, failed });
      if (failed) throw new Error('the vendor answered 503');
    }),
  );
}

let connection: Connection;
let client: Client;
let native: NativeConnection;
let worker: Worker;
let running: Promise<void>;

beforeAll(async () => {
  const handlers = new Map(LISTENERS.map((p) => [p, listener(p)]));
  handlers.get('integration-vendor')!.onlyForShops(async (shopId) => shopId === CONNECTED);
  const deps = { events: { listeners: () => LISTENERS } } as unknown as ActivityDeps;
  connection = await Connection.connect({ address: config.temporal.address });
  client = new Client({ connection, namespace: config.temporal.namespace });
  native = await NativeConnection.connect({ address: config.temporal.address });
  worker = await Worker.create({
    connection: native,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    workflowBundle: await bundleFor(testConfig()),
    activities: createEventActivities(deps, handlers),
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await native?.close();
  await connection?.close();
});

function deliver(shopId: number, reviewId: number) {
  return client.workflow.start('deliverEvent', {
    workflowId: eventWorkflowId(ReviewCreated.name, `deliver-event-test-${process.pid}-${reviewId}-${Date.now()}`),
    taskQueue: config.temporal.taskQueue,
    args: [{ event: ReviewCreated.name, payload: { shopId, reviewId } } satisfies EventDelivery],
  });
}

/** the activity types the server dispatched, and whether the listeners were read by a local activity */
async function dispatched(handle: WorkflowHandle) {
  const { events } = await handle.fetchHistory();
  return {
    activities: events!.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []),
    localActivity: events!.some((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity'),
  };
}

const succeeded = (plugin: string, reviewId: number) => calls.filter((c) => c.plugin === plugin && c.reviewId === reviewId && !c.failed);

test('a listener that keeps failing holds up none of the others; it gets the event once it recovers', async () => {
  const handle = await deliver(CONNECTED, 7);
  // both others handled while the vendor's listener has failed twice (retried on its own)
  await eventually(
    async () =>
      calls.filter((c) => c.plugin === 'integration-vendor' && c.failed).length >= 2 && succeeded('reviews', 7).length + succeeded('rewards', 7).length === 2,
    60_000,
  );
  expect((await handle.describe()).status.name).toBe('RUNNING');

  vendorDown = false;
  expect(await handle.result()).toBe(`${ReviewCreated.name} -> integration-vendor, reviews, rewards`);
  expect(succeeded('integration-vendor', 7)).toHaveLength(1);
  expect(await dispatched(handle)).toEqual({ activities: ['handleEvents', 'handleEvent'], localActivity: true });
}, 120_000);

test("an integration's listener gets no event of a shop that has not connected it", async () => {
  const handle = await deliver(CONNECTED + 1, 8);
  expect(await handle.result()).toBe(`${ReviewCreated.name} -> reviews, rewards`);
  expect(
    calls
      .filter((c) => c.reviewId === 8)
      .map((c) => c.plugin)
      .sort(),
  ).toEqual(['reviews', 'rewards']);
  expect(await dispatched(handle)).toEqual({ activities: ['handleEvents'], localActivity: true });
});
