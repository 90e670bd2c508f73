// The web-push integration: its state per shop, the push entry the workflow attaches to a sent
// request (first 2 items), the queue's push status, the row's push action answered by the workflow,
// and the automatic push with the first reminder. Real dev server, worker and store emulator.
import { readPushOutbox } from '../activities/push';
import { client, eventually, startPlatformStack, storeSettingsRaw, updateShop } from '@plaudit/kernel/testing';
import { followClick } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const THREE_ITEMS = ['ceramic-coffee-mug', 'insulated-travel-mug', 'linen-tote-bag'];

async function shopWith(settings: Record<string, unknown>) {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 1,
    ...settings,
  });
  return { ...installed, http: client(stack.appUrl, installed.appToken) };
}

const rows = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId }).orderBy('id');
const pushOf = async (shopId: number, orderId: string) => (await rows(shopId, orderId)).find((r) => r.queueType === 'push');

test('integration state per shop; a push entry with the first 2 items; the push action once', async () => {
  const { domain, shop, http } = await shopWith({ reminderAfter: { amount: 1, unit: 'hour' } });
  expect((await http.get('/api/integrations/web-push')).body).toEqual({ success: true, integrated: false, reviewReminderStatus: false });
  expect((await http.put('/api/integrations/web-push', { integrated: true, reviewReminderStatus: true })).body).toMatchObject({
    success: true,
    integrated: true,
    reviewReminderStatus: true,
  });
  expect((await http.put('/api/integrations/web-push', { appSecret: 'x' })).status).toBe(400);
  expect((await http.get('/api/integrations/web-push')).body).toMatchObject({ integrated: true, reviewReminderStatus: true });

  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, productHandles: THREE_ITEMS });
  const push = await eventually(() => pushOf(shop.id, order.id), 40_000);
  const [email] = await rows(shop.id, order.id);
  expect(email).toMatchObject({ queueType: 'email', status: 'success' });
  expect(push).toMatchObject({ status: 'waiting', parentId: email.id, name: email.name });
  expect(push.lineItems.map((li: { title: string }) => li.title)).toEqual(email.lineItems.slice(0, 2).map((li: { title: string }) => li.title));
  expect(email.lineItems).toHaveLength(3);

  // The queue shows the email entry only, with its push entry's status.
  const list = await http.get('/api/email-queue');
  expect(list.body.data).toHaveLength(1);
  expect(list.body.data[0]).toMatchObject({ id: email.id, pushQueue: { id: push.id, status: 'waiting' } });

  // the entry is written by an activity a moment before the order's workflow records it: until then the
  // workflow answers that no push waits (nothing is sent, so asking again is safe)
  const sent = await eventually(async () => {
    const res = await http.post('/api/email-queue/push-notification', { queueId: email.id });
    return res.body.message === 'This request has no push reminder waiting' ? undefined : res;
  }, 20_000);
  expect(sent.body).toEqual({ success: true, message: 'Push notification sent' });
  expect(await pushOf(shop.id, order.id)).toMatchObject({ status: 'success', messageId: `push-${push.id}` });
  const delivered = readPushOutbox(process.env.DATA_DIR!).filter((p) => p.shopDomain === domain);
  expect(delivered).toHaveLength(1);
  expect(delivered[0]).toMatchObject({ id: `push-${push.id}`, orderId: order.id, orderName: order.name, customerEmail: email.customerEmail });
  expect(delivered[0].items).toHaveLength(2);
  // The push's links go through the click redirect (its own clicks), on to the write page.
  expect(delivered[0].items[0].reviewUrl).toMatch(/\/r\/click\/[\w-]+\.[\w-]+$/);
  expect(await followClick(stack.appUrl, delivered[0].items[0].reviewUrl)).toEqual({
    status: 302,
    location: expect.stringMatching(/\/r\/write\/[\w-]+\.[\w-]+$/),
  });
  expect((await pushOf(shop.id, order.id))!.clickedAt).not.toBeNull();
  expect((await rows(shop.id, order.id))[0].clickedAt).toBeNull();

  // Already sent: refused by the server, nothing handed over again.
  const again = await http.post('/api/email-queue/push-notification', { queueId: email.id });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('The push notification was already sent');
  expect((await http.get('/api/email-queue')).body.data[0].pushQueue).toEqual({ id: push.id, status: 'success' });
  expect(readPushOutbox(process.env.DATA_DIR!).filter((p) => p.shopDomain === domain)).toHaveLength(1);
});

test('with the integration off no push entry is attached and the push action is refused', async () => {
  const { domain, shop, http } = await shopWith({ reminders: 0 });
  await http.put('/api/integrations/web-push', { integrated: true, reviewReminderStatus: false });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const email = await eventually(async () => (await rows(shop.id, order.id)).find((r) => r.status === 'success'), 40_000);
  const refused = await http.post('/api/email-queue/push-notification', { queueId: email.id });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'PUSH_OFF', message: 'The push integration is off' });
  expect(await rows(shop.id, order.id)).toHaveLength(1);
  expect((await http.get('/api/email-queue')).body.data[0].pushQueue).toBeNull();
  expect((await http.post('/api/email-queue/push-notification', { queueId: 'abc' })).status).toBe(400);
});

test('the push reminder goes out by itself with the first reminder', async () => {
  const { domain, shop, http } = await shopWith({ reminderAfter: { amount: 3, unit: 'second' } });
  await http.put('/api/integrations/web-push', { integrated: true, reviewReminderStatus: true });
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
  const push = await eventually(async () => {
    const p = await pushOf(shop.id, order.id);
    return p?.status === 'success' ? p : undefined;
  }, 45_000);
  expect((await rows(shop.id, order.id))[0].reminderCount).toBe(1);
  expect(readPushOutbox(process.env.DATA_DIR!).filter((p) => p.id === `push-${push.id}`)).toHaveLength(1);
});

test('limited plans may not push: 403 with the tier needed', async () => {
  const { shop, http } = await shopWith({});
  await updateShop(stack.api, shop.id, { plan: 'free', installedAt: new Date('2025-01-01T00:00:00Z') });
  const res = await http.post('/api/email-queue/push-notification', { queueId: 1 });
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'base' });
});
