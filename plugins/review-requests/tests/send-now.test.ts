// The sending screen's background send (POST /api/email-request, progress by id) and the old-orders
// table paged both ways (endCursor, startCursor). Its own worker, wired to this test's store emulator.
import { client, eventually, startPlatformStack, startTestWorker, storeSettingsRaw } from '@plaudit/kernel/testing';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `send-now-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);

afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

async function shopWith(settings: Record<string, unknown>, install: Parameters<Stack['installShop']>[0] = {}) {
  const installed = await stack.installShop(install);
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 7,
    timeUnit: 'day',
    reminders: 0,
    ...settings,
  });
  return { ...installed, http: client(stack.appUrl, installed.appToken) };
}

test('orders named by the store admin get their request now; the workflow says why not otherwise', async () => {
  const { domain, shop, http } = await shopWith({});
  // An unfulfilled order: on a fulfillment trigger it would wait; sending now does not.
  const { order } = await stack.control('/orders', { shop: domain });
  // Its webhook started the request already: sending now joins that workflow.
  await eventually(
    async () => (await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).first())?.status === 'waitingCondition',
    40_000,
  );
  const started = await http.post('/api/email-request', { orderIds: [order.id, `gid://shopify/Order/${order.id}`, '999999999999'] });
  expect(started.body).toMatchObject({ success: true, message: 'Sending review request', data: { id: expect.any(String) } });
  const progress = await eventually(async () => {
    const p = (await http.get(`/api/email-request/${started.body.data.id}`)).body.data;
    return p?.finished ? p : undefined;
  }, 60_000);
  expect(progress).toMatchObject({ total: 2, done: 2, finished: true });
  expect(progress.results).toEqual([
    { orderId: order.id, ok: true, message: 'sending' },
    { orderId: '999999999999', ok: false, message: 'Order not found' },
  ]);
  const sent = await eventually(async () => {
    const row = await stack.api.knex('email_queue').where({ shopId: shop.id, orderId: order.id }).first();
    return row?.status === 'success' ? row : undefined;
  }, 40_000);
  expect(sent.name).toBe(order.name);

  // Once sent, a second send for the same order is refused rather than repeated.
  const again = await http.post('/api/email-request', { orderIds: [order.id] });
  const verdict = await eventually(async () => {
    const p = (await http.get(`/api/email-request/${again.body.data.id}`)).body.data;
    return p?.finished ? p : undefined;
  }, 60_000);
  expect(verdict.results).toEqual([{ orderId: order.id, ok: false, message: `A review request was already sent for ${order.name}` }]);

  expect((await http.post('/api/email-request', { orderIds: ['not-an-id'] })).status).toBe(400);
  expect((await http.post('/api/email-request', { orderIds: [] })).status).toBe(400);
  // Another shop's run is not found through its id: the prefix comes from the credential.
  const other = await shopWith({});
  expect((await other.http.get(`/api/email-request/${started.body.data.id}`)).body).toEqual({ success: true, data: null });
});

test('old orders page forwards with endCursor and back with startCursor', async () => {
  // The seed leaves about 8 orders in the last 60 days: 5 more make two pages. Placed before the
  // install, so no webhook starts their requests: an order placed after it leaves the table when its
  // request's row lands, which on a busy machine came between two of the pages below.
  const { http } = await shopWith({}, { ordersBeforeInstall: 5 });
  const first = (await http.get('/api/old-orders')).body;
  expect(first.count).toBeGreaterThan(first.orders.length);
  expect(first.orders).toHaveLength(10);
  const second = (await http.get(`/api/old-orders?endCursor=${encodeURIComponent(first.pageInfo.endCursor)}`)).body;
  expect(second.pageInfo.hasPreviousPage).toBe(true);
  expect(second.orders[0].id).not.toBe(first.orders[0].id);
  const back = (await http.get(`/api/old-orders?startCursor=${encodeURIComponent(second.pageInfo.startCursor)}`)).body;
  expect(back.orders.map((o: { id: string }) => o.id)).toEqual(first.orders.map((o: { id: string }) => o.id));
  expect(back.pageInfo.hasNextPage).toBe(true);
});
