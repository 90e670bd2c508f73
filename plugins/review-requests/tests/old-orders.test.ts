// Old orders: listed from the Admin API (last 60 days) and requested in bulk by a workflow whose
// progress the admin polls. Runs its own worker (on its own task queue) wired to this test's
// store emulator, as a production worker is wired to Shopify.
import { client, eventually, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `old-orders-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);

afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

test('the last 60 days of orders, then requests for them with visible progress', async () => {
  const { shop, appToken } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'free' });
  const http = client(stack.appUrl, appToken);
  const listed = await http.get('/api/old-orders');
  expect(listed.status).toBe(200);
  expect(listed.body.count).toBeGreaterThan(0);
  expect(listed.body.orders.length).toBeGreaterThan(0);
  expect(listed.body.orders[0]).toMatchObject({ name: expect.stringMatching(/^#/), currentTotalPriceSet: { shopMoney: { currencyCode: expect.any(String) } } });

  const started = await http.post('/api/old-orders/send');
  expect(started.body).toMatchObject({ success: true, data: { limit: 40 } });
  const progress = await eventually(async () => {
    const p = (await http.get('/api/old-orders/progress')).body.data;
    return p?.done ? p : undefined;
  }, 60_000);
  expect(progress.started).toBe(Math.min(listed.body.count, 40));
  await eventually(async () => {
    const rows = await stack.api.knex('email_queue').where({ shopId: shop.id });
    return rows.length === progress.started ? rows : undefined;
  }, 60_000);
});
