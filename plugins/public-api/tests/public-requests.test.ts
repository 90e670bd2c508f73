// The public API's review requests over HTTP with real keys, on a stack with the store emulator and
// a worker of its own: a request created for a store order runs the usual per-order workflow (its
// queue row is the workflow's), the list filters and pages, cancel is the queue's cancel, bad input
// is a 400 naming the field, and another shop's ids and orders answer 404.
import { client, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';

const V1 = '/api/public/v1';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `public-requests-${process.pid}` });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);

afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

/** An installed emulator shop on the public API's plan, its admin client, a key's client and a few of its store's orders. */
async function integrator() {
  const { shop, appToken, domain } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'enterprise' });
  const admin = client(stack.appUrl, appToken);
  // sent a year after fulfillment (the review-requests settings API): every request stays cancellable
  const settings = await admin.post('/api/emails', {
    sendAfter: 'custom',
    sendAfterCustom: 12,
    timeUnit: 'month',
    sendMethod: 'fulfillment',
    alternativeSendAfter: 14,
    alternativeUnit: 'day',
    isCustomTiming: false,
    timingCountries: [],
  });
  expect(settings.status).toBe(200);
  const key = await admin.post('/api/api-keys', { name: 'Orders sync', scopes: ['requests:read', 'requests:write'] });
  expect(key.status).toBe(201);
  // the seeded orders of the last 60 days: no webhook started a request for them
  const orders = (await admin.get('/api/old-orders')).body.orders as { id: string; name: string }[];
  expect(orders.length).toBeGreaterThan(3);
  return { shop, domain, admin, http: client(stack.appUrl, key.body.key), orders: orders.map((o) => ({ id: o.id.split('/').pop()!, name: o.name })) };
}

test('a request is created for an order, read, listed by status and order, paged, and cancelled', async () => {
  const { http, admin, orders } = await integrator();
  const [first, second, third] = orders;

  const created = await http.post(`${V1}/requests`, { orderId: first.id });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    orderId: first.id,
    orderName: first.name,
    status: expect.stringMatching(/^(awaitingTrigger|scheduled)$/),
    reminderCount: 0,
    sentAt: null,
  });
  expect(created.body.products.length).toBeGreaterThan(0);
  // the same order again is that request, not a second one; a gid names the same order
  const again = await http.post(`${V1}/requests`, { orderId: `gid://shopify/Order/${first.id}` });
  expect(again.status).toBe(200);
  expect(again.body.id).toBe(created.body.id);
  // the admin's queue shows it: the workflow wrote its row
  const queue = await admin.get(`/api/email-queue?searchText=${encodeURIComponent(first.name)}`);
  expect(queue.body.data.map((r: { id: number }) => r.id)).toContain(created.body.id);

  const b = (await http.post(`${V1}/requests`, { orderId: second.id })).body;
  const c = (await http.post(`${V1}/requests`, { orderId: third.id })).body;
  expect((await http.get(`${V1}/requests/${b.id}`)).body).toMatchObject({ id: b.id, orderId: second.id });

  const page1 = await http.get(`${V1}/requests?limit=2`);
  expect(page1.status).toBe(200);
  expect(page1.body.items.map((r: { id: number }) => r.id)).toEqual([c.id, b.id]);
  expect(page1.body.pageInfo.hasNextPage).toBe(true);
  const page2 = await http.get(`${V1}/requests?limit=2&cursor=${encodeURIComponent(page1.body.pageInfo.nextCursor)}`);
  expect(page2.body.items.map((r: { id: number }) => r.id)).toEqual([created.body.id]);
  expect(page2.body.pageInfo).toEqual({ nextCursor: null, hasNextPage: false });
  expect((await http.get(`${V1}/requests?sort=oldest`)).body.items.map((r: { id: number }) => r.id)).toEqual([created.body.id, b.id, c.id]);
  expect((await http.get(`${V1}/requests?orderId=${second.id}`)).body.items.map((r: { id: number }) => r.id)).toEqual([b.id]);
  expect((await http.get(`${V1}/requests?status=sent,failed`)).body.items).toEqual([]);

  const cancelled = await http.post(`${V1}/requests/${b.id}/cancel`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ id: b.id, status: 'cancelled' });
  expect((await http.get(`${V1}/requests?status=cancelled`)).body.items.map((r: { id: number }) => r.id)).toEqual([b.id]);
  expect((await http.get(`${V1}/requests?status=awaitingTrigger,scheduled`)).body.items.map((r: { id: number }) => r.id).sort()).toEqual(
    [created.body.id, c.id].sort(),
  );
  const twice = await http.post(`${V1}/requests/${b.id}/cancel`);
  expect(twice.status).toBe(409);
  expect(twice.body.error.code).toBe('WRONG_STATUS');
}, 120_000);

test('bad input is a 400 naming the field; an order the store lacks is a 404', async () => {
  const { http } = await integrator();
  const details = async (res: Promise<{ status: number; body: any }>) => {
    const r = await res;
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    return r.body.error.details;
  };
  expect(await details(http.post(`${V1}/requests`, {}))).toHaveProperty('orderId');
  expect(await details(http.post(`${V1}/requests`, { orderId: '#1001' }))).toHaveProperty('orderId');
  expect(await details(http.post(`${V1}/requests`, { orderId: '1', extra: true }))).toEqual({ extra: 'Unknown field' });
  expect(await details(http.get(`${V1}/requests?status=sending`))).toHaveProperty(['status.0']);
  expect(await details(http.get(`${V1}/requests?limit=101`))).toHaveProperty('limit');
  expect(await details(http.get(`${V1}/requests?orderId=abc`))).toHaveProperty('orderId');
  expect(await details(http.get(`${V1}/requests?cursor=bm9wZQ`))).toEqual({ cursor: 'The value is invalid' });
  expect(await details(http.get(`${V1}/requests/0`))).toHaveProperty('id');
  expect(await details(http.post(`${V1}/requests/x/cancel`))).toHaveProperty('id');

  const missing = await http.post(`${V1}/requests`, { orderId: '999999999999' });
  expect(missing.status).toBe(404);
  expect(missing.body.error.code).toBe('NOT_FOUND');
}, 60_000);

test("a key of one shop reaches none of another shop's requests or orders", async () => {
  const a = await integrator();
  const b = await integrator();
  const theirs = (await b.http.post(`${V1}/requests`, { orderId: b.orders[0].id })).body;
  expect(theirs.id).toEqual(expect.any(Number));

  for (const res of [await a.http.get(`${V1}/requests/${theirs.id}`), await a.http.post(`${V1}/requests/${theirs.id}/cancel`)]) {
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  }
  expect((await a.http.get(`${V1}/requests?orderId=${b.orders[0].id}`)).body.items).toEqual([]);
  // B's order is not in A's store
  expect((await a.http.post(`${V1}/requests`, { orderId: b.orders[1].id })).status).toBe(404);
  // B's request was not cancelled (its workflow may have scheduled it meanwhile)
  expect((await b.http.get(`${V1}/requests/${theirs.id}`)).body.status).toMatch(/^(awaitingTrigger|scheduled)$/);
}, 120_000);
