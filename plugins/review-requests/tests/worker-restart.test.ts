// The worker is stopped while a request waits for its send time and started again afterwards:
// the request is sent exactly once (durable timer, recorded send, deterministic Message-ID).
import type { WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { bundleFor, eventually, startPlatformStack, startTestWorker, storeSettingsRaw, listMail } from '@plaudit/kernel/testing';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let bundle: WorkflowBundleWithSourceMap;
const runWorker = () => startTestWorker(stack.api.config, bundle);

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `worker-restart-${process.pid}` });
  bundle = await bundleFor(stack.api.config);
}, 120_000);
afterAll(() => stack?.close());

test('a request waiting while no worker runs is sent exactly once after the restart', async () => {
  const { domain, shop } = await stack.installShop();
  await storeSettingsRaw(stack.api, shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 4,
    timeUnit: 'second',
    reminders: 0,
  });
  let stop = await runWorker();
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const waiting = await eventually(async () => {
    const row = await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).first();
    return row?.status === 'waiting' ? row : undefined;
  }, 30_000);
  await stop();
  // Its send time passes while no worker runs (the durable timer fires into an empty task queue).
  await eventually(async () => (Date.now() > new Date(waiting.scheduledAt).getTime() ? true : undefined));
  expect((await stack.api.knex('email_queue').where({ id: waiting.id }).first()).status).toBe('waiting');

  stop = await runWorker();
  try {
    await eventually(async () => ((await stack.api.knex('email_queue').where({ id: waiting.id }).first()).status === 'success' ? true : undefined), 30_000);
    // The workflow is past its send loop (no reminders; it now only listens for a late review):
    // everything it will ever send has been sent.
    const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(`review-request:${domain}:${order.id}`);
    await eventually(async () => {
      const { events } = await handle.fetchHistory();
      return events!.some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'photoReminderWindow') ? true : undefined;
    }, 30_000);
    const sent = listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain && m.messageId?.startsWith(`<review-request-${waiting.id}-0@`));
    expect(sent).toHaveLength(1);
  } finally {
    await stop();
  }
});
