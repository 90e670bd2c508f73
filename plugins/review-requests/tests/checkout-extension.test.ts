// The thank-you / order-status block's routes (issue 32, api/checkout-extension.ts) on the real stack:
// the extension's session token (signed with the app secret, the shop in `dest`) against the store
// emulator's orders; bad input and wrong-shop tokens answer clear 4xx; a choice is stored and reaches
// the order's review-request workflow as its `channelChoice` signal.
import crypto from 'node:crypto';
import { client, EMULATOR_API_KEY, EMULATOR_API_SECRET, eventually, gid, usePlatformStackWithWorker, withPlugins } from '@plaudit/kernel/testing';
import { createPlatformHooks } from '../activities';
import { reviewRequestWorkflowId } from '../workflows/messages';

jest.setTimeout(120_000);

const env = usePlatformStackWithWorker('checkout-extension');
const PATH = '/extensions/checkout/review-request';
const THANK_YOU = 'purchase.thank-you.block.render';
const hex = (n: number) => crypto.randomBytes(n).toString('hex');

/** A checkout UI extension's session token: `dest` the shop, `aud` the client id, `sub` a signed-in customer. */
function extensionToken(claims: Record<string, unknown>, secret = EMULATOR_API_SECRET) {
  const now = Math.floor(Date.now() / 1000);
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ aud: EMULATOR_API_KEY, iat: now, nbf: now, exp: now + 300, jti: crypto.randomUUID(), ...claims })}`;
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

async function call(method: 'GET' | 'POST' | 'OPTIONS', token: string | undefined, o: { query?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${env.stack.appUrl}${PATH}${o.query ? `?${new URLSearchParams(o.query)}` : ''}`, {
    method,
    headers: {
      origin: 'https://extensions.shopifycdn.com',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return { status: res.status, headers: res.headers, body: res.status === 204 ? null : await res.json() };
}

async function shopWithOrder() {
  const installed = await env.stack.installShop();
  const { order } = await env.stack.control('/orders', { shop: installed.domain, customerEmail: `${hex(4)}@example.com`, customerPhone: '+14155550142' });
  const record = env.stack.emulator.store.shop(installed.domain)!.orders.find((o) => o.id === order.id)!;
  return { ...installed, orderId: order.id as string, orderGid: gid('Order', order.id), customerGid: gid('Customer', record.customerId!) };
}

test('preflight and every answer carry CORS for the extension sandbox; no or a forged token is a 401', async () => {
  const s = await shopWithOrder();
  const preflight = await call('OPTIONS', undefined);
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');

  const none = await call('GET', undefined, { query: { order: s.orderGid } });
  expect(none).toMatchObject({ status: 401, body: { message: 'Invalid session token: missing' } });
  expect(none.headers.get('access-control-allow-origin')).toBe('*');
  const forged = await call('GET', extensionToken({ dest: s.domain }, 'not-the-app-secret'), { query: { order: s.orderGid } });
  expect(forged.status).toBe(401);
  const otherApp = await call('GET', extensionToken({ dest: s.domain, aud: 'another-app' }), { query: { order: s.orderGid } });
  expect(otherApp.status).toBe(401);
  const expired = await call('GET', extensionToken({ dest: s.domain, exp: Math.floor(Date.now() / 1000) - 60 }), { query: { order: s.orderGid } });
  expect(expired.status).toBe(401);
  const notAShop = await call('GET', extensionToken({ dest: 'example.com' }), { query: { order: s.orderGid } });
  expect(notAShop).toMatchObject({ status: 401, body: { message: 'Invalid session token: dest is not a shop domain' } });
  const notInstalled = await call('GET', extensionToken({ dest: `never-${hex(3)}.myshopify.com` }), { query: { order: s.orderGid } });
  expect(notInstalled).toMatchObject({ status: 401, body: { message: 'Invalid session token: the shop has not installed the app' } });
});

test("wrong-shop tokens: another shop's token or another customer's never reads or changes the order", async () => {
  const a = await shopWithOrder();
  const b = await env.stack.installShop();
  // shop B's valid token naming shop A's order: B has no such order
  const wrongShop = await call('POST', extensionToken({ dest: b.domain }), {
    body: { order: a.orderGid, channel: 'email', consent: false, target: THANK_YOU },
  });
  expect(wrongShop).toMatchObject({ status: 404, body: { message: 'The order was not found', errors: { order: 'The order was not found' } } });
  expect((await call('GET', extensionToken({ dest: b.domain }), { query: { order: a.orderGid } })).status).toBe(404);
  // a signed-in customer who is not the order's
  const stranger = extensionToken({ dest: a.domain, sub: 'gid://shopify/Customer/1' });
  expect(await call('GET', stranger, { query: { order: a.orderGid } })).toMatchObject({
    status: 403,
    body: { message: 'The order belongs to another customer' },
  });
  expect((await call('POST', stranger, { body: { order: a.orderGid, channel: 'email', consent: false, target: THANK_YOU } })).status).toBe(403);
  expect(await env.stack.api.knex('request_channel_choices').where({ shopId: a.shop.id })).toEqual([]);
});

test('bad input answers 400 with the field and a clear message', async () => {
  const s = await shopWithOrder();
  const token = extensionToken({ dest: s.domain });
  const post = (body: unknown) => call('POST', token, { body });
  const valid = { order: s.orderGid, channel: 'email', consent: false, target: THANK_YOU };

  expect(await call('GET', token, { query: { order: 'order-7' } })).toMatchObject({
    status: 400,
    body: { errors: { order: 'The order must be a Shopify order id (gid://shopify/Order/…)' } },
  });
  expect((await post({ ...valid, order: undefined })).body.errors).toEqual({ order: 'The order is required' });
  expect((await post({ ...valid, order: 'gid://shopify/Product/1' })).body.errors.order).toMatch(/Shopify order id/);
  expect((await post({ ...valid, channel: 'pigeon' })).body.errors).toEqual({ channel: 'The channel must be email, sms or whatsapp' });
  expect((await post({ ...valid, consent: 'yes' })).body.errors).toEqual({ consent: 'Consent must be true or false' });
  expect((await post({ ...valid, target: 'purchase.checkout.block.render' })).body.errors).toEqual({ target: 'The extension target is unknown' });
  // a channel the shop has not connected
  expect(await post({ ...valid, channel: 'sms', consent: true })).toMatchObject({
    status: 400,
    body: { message: 'The shop does not send review requests by sms', errors: { channel: 'The shop does not send review requests by sms' } },
  });
  const broken = await fetch(`${env.stack.appUrl}${PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{',
  });
  expect(broken.status).toBe(400);
  expect(await env.stack.api.knex('request_channel_choices').where({ shopId: s.shop.id })).toEqual([]);
});

withPlugins('messaging')('a text channel needs consent; a choice is stored for the order and signalled to its workflow', async () => {
  const s = await shopWithOrder();
  const twilio = { accountSid: `AC${hex(16)}`, authToken: hex(16) };
  env.stack.integrations.control('twilio', 'account', twilio);
  expect((await client(env.stack.appUrl, s.appToken).put('/api/integrations/twilio', { ...twilio, smsFrom: '+15005550006' })).status).toBe(200);
  const token = extensionToken({ dest: s.domain });
  const choose = (body: Record<string, unknown>) => call('POST', token, { body: { order: s.orderGid, target: THANK_YOU, ...body } });

  expect(await choose({ channel: 'sms', consent: false })).toMatchObject({
    status: 400,
    body: { errors: { consent: 'Consent is required for text messages' } },
  });
  expect((await call('GET', token, { query: { order: s.orderGid } })).body).toEqual({ channels: ['email', 'sms'], choice: null, delivered: false, items: [] });
  expect(await choose({ channel: 'sms', consent: true })).toMatchObject({ status: 200, body: { data: { channel: 'sms', consent: true, applied: true } } });
  // the signed-in customer of the order changes it from the order-status page
  const own = extensionToken({ dest: s.domain, sub: s.customerGid });
  expect(
    (await call('POST', own, { body: { order: s.orderGid, channel: 'email', consent: false, target: 'customer-account.order-status.block.render' } })).status,
  ).toBe(200);
  expect(await env.stack.api.knex('request_channel_choices').where({ shopId: s.shop.id })).toEqual([
    expect.objectContaining({ orderId: s.orderId, channel: 'email', consent: false, source: 'order_status', customerGid: s.customerGid }),
  ]);
  expect((await call('GET', own, { query: { order: s.orderGid } })).body.choice).toEqual({ channel: 'email', consent: false });

  // both reached the order's workflow, in order
  const handle = env.stack.api.runtime.services.temporal.client.workflow.getHandle(reviewRequestWorkflowId(s.domain, s.orderId));
  const signals = await eventually(async () => {
    const { events } = await handle.fetchHistory();
    const found = (events ?? []).filter((e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'channelChoice');
    return found.length === 2 ? found : undefined;
  }, 60_000);
  expect(signals).toHaveLength(2);

  // customers/redact: the customer's choices go
  const hooks = createPlatformHooks(env.stack.api.runtime.services as never);
  await hooks.redactCustomer!({ shopId: s.shop.id, shopDomain: s.domain, customer: { id: s.customerGid.split('/').pop() } });
  expect(await env.stack.api.knex('request_channel_choices').where({ shopId: s.shop.id })).toEqual([]);
});
