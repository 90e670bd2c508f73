// ReviewCreated reaches review-requests durably: the event is recorded while Temporal is
// unreachable (an API whose TEMPORAL_ADDRESS is a dead port saves it in the outbox), handed over
// later, and the order's request workflow learns it was reviewed: no reminder goes out.
// Emitted through the kernel's event bus exactly as the reviews plugin does when it saves a review.
import { downPort, eventually, startPlatformStack, startTestApi, listMail, type DownPort } from '@plaudit/kernel/testing';
import { ReviewCreated } from '@plaudit/contracts/reviews';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
let offline: Awaited<ReturnType<typeof startTestApi>> | undefined;
let deadTemporal: DownPort | undefined;
afterAll(async () => {
  await offline?.close();
  await deadTemporal?.close();
  await stack?.close();
});

const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId, queueType: 'email' }).first();

test('Temporal down while a review is saved: the request still learns it and sends no reminder', async () => {
  const { domain, shop } = await stack.installShop();
  // Sent a second after fulfillment; the one reminder two minutes after the request (the review comes first).
  await stack.api.knex('settings').insert({
    shopId: shop.id,
    namespace: 'review-requests',
    value: JSON.stringify({
      sendMethod: 'fulfillment',
      sendAfter: 'custom',
      sendAfterCustom: 1,
      timeUnit: 'second',
      reminders: 1,
      reminderAfter: { amount: 2, unit: 'minute' },
    }),
  });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const sent = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'success' ? entry(shop.id, order.id) : undefined), 40_000);

  // Kept open until the end: its own retries of the hand-over keep failing meanwhile, as they would.
  deadTemporal = await downPort();
  offline = await startTestApi({ TEMPORAL_ADDRESS: `127.0.0.1:${deadTemporal.port}` });
  const review = {
    shopId: shop.id,
    shopDomain: domain,
    reviewId: 900_000 + sent.id,
    productId: 'gid://shopify/Product/1',
    rating: 5,
    source: 'email',
    status: 'publish',
    orderId: order.id,
    queueEntryId: sent.id,
    mediaCount: 1,
  };
  await offline.runtime.services.events.emit(ReviewCreated, review, { key: review.reviewId, shopDomain: domain });
  const workflowId = `event:${ReviewCreated.name}:${900_000 + sent.id}`;
  const recorded = await stack.api.knex('workflow_outbox').where({ workflowId }).first();
  if (recorded) {
    // Temporal is reachable again: the outbox hands the delivery over.
    expect(await stack.api.runtime.services.outbox.dispatch(recorded.id)).toBe('started');
  } else {
    // the run's worker, whose outbox-sweep schedule reads the same database, handed it over first
    // (CI saw that once): then the delivery is on the real Temporal already
    expect((await stack.api.runtime.services.temporal.client.workflow.getHandle(workflowId).describe()).type).toBe('deliverEvent');
  }
  const reviewed = await eventually(async () => ((await entry(shop.id, order.id)).status === 'reviewed' ? entry(shop.id, order.id) : undefined), 30_000);
  expect(reviewed.reminderCount).toBe(0);
  // The workflow ended without its reminder: nothing more can be sent.
  const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(`review-request:${domain}:${order.id}`);
  expect(await handle.result()).toBe('reviewed');
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain && m.messageId?.startsWith(`<review-request-${sent.id}-1@`))).toEqual([]);
  // its waits add up to 70 s; a loaded CI machine also needs the time to start the offline API
}, 150_000);
