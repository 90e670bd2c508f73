// Web push through OneSignal on the real stack (API, worker on its own task queue, store and
// integrations emulators): connecting with a wrong then a right App ID and key; the review-requests
// push reminder (first 2 items of an order) reaching OneSignal once, by the customer's External ID,
// with both review links and the reminder's idempotency key; a retried send de-duplicated; a
// throttled send delivered after Retry-After; a revoked key disconnecting with one merchant mail;
// and, once disconnected, the review-requests outbox taking the reminders again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RECHECK_CREDENTIALS as RECHECK } from '@plaudit/kernel';
import { client, eventually, listMail, startPlatformStack, startTestWorker, storeSettingsRaw, readLink, withPlugins } from '@plaudit/kernel/testing';
import { PushGateway, type PushReminder } from '@plaudit/contracts/push';
import { externalIdOf, idempotencyKey } from '../shared/web-push';

jest.setTimeout(180_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `onesignal-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

const THREE_ITEMS = ['ceramic-coffee-mug', 'insulated-travel-mug', 'linen-tote-bag'];

interface Sent {
  id: string;
  app_id: string;
  idempotency_key: string;
  target_channel: string;
  external_ids: string[];
  headings: Record<string, string>;
  contents: Record<string, string>;
  web_url: string;
  web_buttons: { id: string; text: string; url: string }[];
}
const notifications = (appId: string) => stack.integrations.control('onesignal', 'notifications', { appId }) as Sent[];
const posts = (appId: string) => stack.integrations.received.filter((r) => r.vendor === 'onesignal' && r.method === 'POST' && r.body.includes(appId));
type Http = ReturnType<typeof client>;
interface Entry {
  id: number;
  name: string;
  status: string;
  customerEmail: string | null;
  shopifyCustomerId: string | null;
  lineItems: { title: string }[];
  pushQueue: { id: number; status: string } | null;
}
/** The shop's one request as the queue lists it (review-requests' API, never its table): the email entry with its push entry's status. */
const entry = async (http: Http) => ((await http.get('/api/email-queue')).body.data as Entry[])[0];
const pushStatus = async (http: Http) => (await entry(http))?.pushQueue?.status;
/** The review-requests outbox (DATA_DIR/push/outbox.jsonl), read as a file: plugins never import each other. */
function outbox(domain: string): PushReminder[] {
  const file = path.join(process.env.DATA_DIR!, 'push', 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as PushReminder)
    .filter((p) => p.shopDomain === domain);
}

/** A shop whose requests go out at once with the first reminder an hour later, push reminders on. */
async function shop(push: { integrated?: boolean } = {}) {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 1,
    timeUnit: 'second',
    reminders: 1,
    reminderAfter: { amount: 1, unit: 'hour' },
  });
  const http = client(stack.appUrl, installed.appToken);
  expect((await http.put('/api/integrations/web-push', { reviewReminderStatus: true, ...push })).status).toBe(200);
  return { ...installed, http };
}

/** A shop connected to its own OneSignal app. */
async function connectedShop(push: { integrated?: boolean } = {}) {
  const s = await shop(push);
  const appId = crypto.randomUUID();
  const key = `os_v2_app_${crypto.randomBytes(12).toString('hex')}`;
  stack.integrations.control('onesignal', 'key', { appId, key });
  const res = await s.http.put('/api/integrations/onesignal', { appId, restApiKey: key });
  expect(res.status).toBe(200);
  return { ...s, appId, key };
}

/**
 * The row's push action, once the order's workflow knows its push waits: the entry is written by an
 * activity a moment before the workflow records it, and until then the workflow answers that there is
 * no push reminder waiting (nothing is sent, so asking again is safe).
 */
const pushAction = (http: Http, queueId: number) =>
  eventually(async () => {
    const res = await http.post('/api/email-queue/push-notification', { queueId });
    return res.body.message === 'This request has no push reminder waiting' ? undefined : res;
  }, 20_000);

/** An order of 3 items, fulfilled: its request goes out and its push entry waits. */
async function orderWithPush(http: Http, domain: string) {
  const { order } = await stack.control('/orders', { shop: domain, fulfill: true, productHandles: THREE_ITEMS });
  const email = await eventually(async () => {
    const e = await entry(http);
    return e?.pushQueue ? e : undefined;
  }, 40_000);
  return { order, push: email.pushQueue!, email };
}

test('connect: required fields, a wrong key, a wrong App ID, then the right pair, never sent back', async () => {
  const { http } = await shop();
  const empty = await http.put('/api/integrations/onesignal', {});
  expect(empty.status).toBe(400);
  expect(empty.body.errors).toEqual({ appId: 'This field is required', restApiKey: 'This field is required' });

  const appId = crypto.randomUUID();
  const key = `os_v2_app_${crypto.randomBytes(12).toString('hex')}`;
  stack.integrations.control('onesignal', 'key', { appId, key });
  const wrongKey = await http.put('/api/integrations/onesignal', { appId, restApiKey: 'os_v2_app_not_a_key' });
  expect(wrongKey.status).toBe(400);
  expect(wrongKey.body.message).toBe(RECHECK);
  const wrongApp = await http.put('/api/integrations/onesignal', { appId: crypto.randomUUID(), restApiKey: key });
  expect(wrongApp.status).toBe(400);
  expect(wrongApp.body.message).toBe(RECHECK);
  expect((await http.get('/api/integrations/onesignal')).body.data).toMatchObject({ app: 'onesignal', status: 'disconnected' });
  expect((await http.get('/api/integrations/web-push')).body).toEqual({ success: true, integrated: false, reviewReminderStatus: true });

  const right = await http.put('/api/integrations/onesignal', { appId, restApiKey: key });
  expect(right.status).toBe(200);
  expect(right.body.data).toMatchObject({ app: 'onesignal', status: 'connected', reason: null });
  const read = await http.get('/api/integrations/onesignal');
  expect(JSON.stringify(read.body) + JSON.stringify(right.body)).not.toContain(key);
  // the push integration of spec section 7 is now integrated
  expect((await http.get('/api/integrations/web-push')).body).toEqual({ success: true, integrated: true, reviewReminderStatus: true });
  // the checks were reads of the app's messages with the key as OneSignal asks for it
  const checks = stack.integrations.received.filter((r) => r.vendor === 'onesignal' && r.query.app_id === appId);
  expect(checks.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /notifications 403', 'GET /notifications 200']);
  expect(checks[1].headers.authorization).toBe(`Key ${key}`);
});

withPlugins('reviews')(
  'the push reminder reaches OneSignal once: the customer, the first 2 items, the idempotency key; a retried send is the same message',
  async () => {
    const { domain, shop: s, http, appId } = await connectedShop();
    const { order, push, email } = await orderWithPush(http, domain);
    expect(push.status).toBe('waiting');
    expect(email.shopifyCustomerId).toBeTruthy();

    const sent = await pushAction(http, email.id);
    expect(sent.body).toEqual({ success: true, message: 'Push notification sent' });
    expect(await pushStatus(http)).toBe('success');

    const [message, ...more] = notifications(appId);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      target_channel: 'push',
      external_ids: [externalIdOf(email.shopifyCustomerId)],
      idempotency_key: idempotencyKey(domain, `push-${push.id}`),
    });
    expect(message.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(message.headings.en).toContain(order.name);
    const titles = email.lineItems.slice(0, 2).map((li: { title: string }) => li.title);
    expect(message.web_buttons).toHaveLength(2);
    message.web_buttons.forEach((b, n) => {
      expect(b.text).toContain(titles[n]);
      // a click link (recorded for analytics) that leads to the product's write page
      const click = /\/r\/click\/([\w-]+\.[\w-]+)$/.exec(b.url);
      expect(String((readLink(click![1]).data as { to: string }).to)).toMatch(/\/r\/write\/[\w-]+\.[\w-]+$/);
    });
    expect(message.web_url).toBe(message.web_buttons[0].url);
    expect(outbox(domain)).toHaveLength(0);

    // the same reminder sent again (an activity retried after OneSignal answered): OneSignal answers the first message, sends nothing new
    const gateway = stack.api.runtime.services.capabilities.require(PushGateway);
    const again = await gateway.send(
      { shopId: s.id, shopDomain: domain },
      {
        id: `push-${push.id}`,
        shopDomain: domain,
        orderId: order.id,
        orderName: email.name,
        customerId: email.shopifyCustomerId,
        customerEmail: email.customerEmail,
        items: message.web_buttons.map((b, n) => ({ productId: `p${n}`, title: titles[n], reviewUrl: b.url })),
      },
    );
    expect(again).toEqual({ id: message.id });
    expect(posts(appId).map((r) => r.status)).toEqual([200, 200]);
    expect(notifications(appId)).toHaveLength(1);
  },
);

test('a throttled send is delivered after Retry-After, once', async () => {
  const { domain, http, appId } = await connectedShop();
  const { email } = await orderWithPush(http, domain);
  stack.integrations.control('onesignal', 'throttle', { count: 2 });
  const sent = await pushAction(http, email.id);
  expect(sent.body).toEqual({ success: true, message: 'Push notification sent' });
  expect(await pushStatus(http)).toBe('success');
  expect(posts(appId).map((r) => r.status)).toEqual([429, 429, 200]);
  expect(notifications(appId)).toHaveLength(1);
});

test('a revoked key disconnects with a reason and mails the merchant once; the push entry is failed, then off', async () => {
  const { domain, shop: s, http, appId, key } = await connectedShop();
  const { email } = await orderWithPush(http, domain);
  stack.integrations.control('onesignal', 'revoke', { key });
  const refused = await pushAction(http, email.id);
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('REFUSED');
  expect(refused.body.message).toContain('OneSignal answered 403');
  expect(await pushStatus(http)).toBe('failed');

  expect((await http.get('/api/integrations/onesignal')).body.data).toMatchObject({
    status: 'disconnected',
    reason: 'OneSignal refused the App API key (HTTP 403)',
  });
  const subject = `OneSignal was disconnected from ${s.name}`;
  const mails = await eventually(async () => {
    const found = listMail(process.env.DATA_DIR!).filter((m) => m.subject === subject);
    return found.length > 0 && found;
  });
  expect(mails).toHaveLength(1);
  expect(notifications(appId)).toHaveLength(0);

  // disconnected: the push integration is off again for this shop (no other push app integrated)
  expect((await http.get('/api/integrations/web-push')).body).toEqual({ success: true, integrated: false, reviewReminderStatus: true });
  const off = await http.post('/api/email-queue/push-notification', { queueId: email.id });
  expect(off.status).toBe(409);
  expect(off.body.code).toBe('PUSH_OFF');
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.subject === subject)).toHaveLength(1);
});

test('disconnected by the merchant: the reminders go to the review-requests outbox again', async () => {
  const { domain, http, appId } = await connectedShop({ integrated: true });
  const off = await http.delete('/api/integrations/onesignal');
  expect(off.status).toBe(200);
  expect(off.body.data).toMatchObject({ status: 'disconnected', reason: null });
  const { push, email } = await orderWithPush(http, domain);
  const sent = await pushAction(http, email.id);
  expect(sent.body).toEqual({ success: true, message: 'Push notification sent' });
  expect(await pushStatus(http)).toBe('success');
  expect(outbox(domain).map((p) => p.id)).toEqual([`push-${push.id}`]);
  expect(notifications(appId)).toHaveLength(0);
  expect(posts(appId)).toHaveLength(0);
});
