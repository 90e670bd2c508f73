// Omnisend end to end on the real stack (API, PostgreSQL, Temporal with a worker of this file's own,
// the SMTP sink, the store emulator and the integrations emulator's Omnisend): connecting with a
// wrong then a right key; a guest review and its publication each reaching Omnisend once, with the
// right contact; the same event delivered twice stored once; a throttled burst delivered in full;
// Omnisend's own 400-a-minute limit; a revoked key disconnecting with one mail; disconnecting; a
// request eligible sent once with its products and one-click rating links.
import crypto from 'node:crypto';
import type { ActivityDeps, EventRef } from '@plaudit/kernel';
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { RequestEligible, type RequestEligiblePayload } from '@plaudit/contracts/review-requests';
import { client, eventually, listMail, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { createEventHandlers } from '../activities';

jest.setTimeout(150_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `omnisend-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

interface StoredEvent {
  eventName: string;
  eventID: string;
  eventTime: string;
  origin: string;
  contact: Record<string, string>;
  properties: Record<string, unknown>;
}

const hashOf = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
const ctl = (action: string, body: object) => stack.integrations.control('omnisend', action, body);
const eventsOf = (key: string) => ctl('events', { keyHash: hashOf(key) }) as StoredEvent[];
const named = (key: string, name: string) => eventsOf(key).filter((e) => e.eventName === name);
const uniq = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const newKey = () => `omni-${crypto.randomBytes(12).toString('hex')}`;
const workflows = () => stack.api.runtime.services.temporal.client.workflow;

/** A shop holding new reviews for moderation (so publishing is a step of its own), Omnisend connected with a fresh key. */
async function connectedShop() {
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);
  expect((await http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  const key = newKey();
  ctl('key', { key });
  const res = await http.put('/api/integrations/omnisend', { apiKey: key });
  expect(res.status).toBe(200);
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  return { ...installed, http, key, productId: `gid://shopify/Product/${product.id}` };
}

/** A guest's review through the storefront form. */
async function review(domain: string, productId: string, email: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ productId, rating: '5', content: 'Lovely, works perfectly every day.', firstName: 'Sam', email })) form.set(k, v);
  const res = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Waits for a durable event's delivery (its `deliverEvent` workflow) to finish: every handler has run. */
async function delivered(event: EventRef<unknown>, key: string | number) {
  const handle = workflows().getHandle(`event:${event.name}:${key}`);
  await eventually(() =>
    handle.describe().then(
      () => true,
      () => false,
    ),
  );
  await handle.result();
}

/** The Omnisend workflow of one event, once finished: its outcome. */
async function outcome(domain: string, event: string, key: string | number): Promise<string> {
  const handle = workflows().getHandle(`omnisend:${domain}:${event}:${key}`);
  await eventually(() =>
    handle.describe().then(
      () => true,
      () => false,
    ),
  );
  return handle.result();
}

test('a wrong key is refused, a right one connects; the key is never sent back', async () => {
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const missing = await http.put('/api/integrations/omnisend', {});
  expect(missing.status).toBe(400);
  expect(missing.body.errors).toEqual({ apiKey: 'This field is required' });

  const wrong = await http.put('/api/integrations/omnisend', { apiKey: 'not-a-key' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe('Please re-check the App ID, Secret key or network condition');
  expect((await http.get('/api/integrations/omnisend')).body.data.status).toBe('disconnected');

  const key = newKey();
  ctl('key', { key });
  const right = await http.put('/api/integrations/omnisend', { apiKey: key });
  expect(right.status).toBe(200);
  expect(right.body.data.status).toBe('connected');
  const state = await http.get('/api/integrations/omnisend');
  expect(state.body.data).toMatchObject({ app: 'omnisend', status: 'connected', reason: null });
  expect(JSON.stringify(right.body) + JSON.stringify(state.body)).not.toContain(key);
  // the verification was one authenticated call, with the key in X-API-KEY
  expect(
    stack.integrations.received.filter((r) => r.vendor === 'omnisend' && r.headers['x-api-key'] === key).map((r) => `${r.method} ${r.path} ${r.status}`),
  ).toEqual(['GET /v5/contacts 200']);
});

test('a guest review reaches Omnisend once as submitted and once as published, with the reviewer as contact; a second delivery is stored once', async () => {
  const { domain, http, key, productId, shop } = await connectedShop();
  const email = uniq('guest');
  const id = await review(domain, productId, email);

  const [submitted] = await eventually(async () => named(key, 'plaudit review submitted').length === 1 && named(key, 'plaudit review submitted'));
  expect(submitted.contact).toEqual({ email, firstName: 'Sam' });
  expect(submitted).toMatchObject({ origin: 'plaudit', properties: { reviewID: String(id), rating: 5, productID: productId, shopDomain: domain } });
  expect(submitted.eventID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  expect((await http.post(`/api/reviews/${id}/publish`)).status).toBe(200);
  const [published] = await eventually(async () => named(key, 'plaudit review published').length === 1 && named(key, 'plaudit review published'));
  expect(published.contact.email).toBe(email);
  expect(published.eventID).not.toBe(submitted.eventID);

  // the same event delivered again (another outbox key): the one workflow per event and review stands
  const created = {
    shopId: shop.id,
    shopDomain: domain,
    reviewId: id,
    productId,
    rating: 5,
    source: 'guest',
    status: 'pending',
    orderId: null,
    queueEntryId: null,
    mediaCount: 0,
  };
  await stack.api.runtime.services.events.emit(ReviewCreated, created, { key: `again-${id}`, shopDomain: domain });
  await delivered(ReviewCreated, `again-${id}`);
  expect(await outcome(domain, ReviewCreated.name, id)).toBe('sent');
  // and the same body posted to Omnisend again (a retry whose first answer was lost) is stored once
  const again = await fetch(`${stack.integrations.url}/hosts/api.omnisend.com/v5/events`, {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'content-type': 'application/json' },
    body: JSON.stringify({
      eventName: submitted.eventName,
      eventID: submitted.eventID,
      eventTime: submitted.eventTime,
      origin: submitted.origin,
      contact: submitted.contact,
      properties: submitted.properties,
    }),
  });
  expect(again.status).toBe(202);
  expect(named(key, 'plaudit review submitted')).toHaveLength(1);
  expect(eventsOf(key)).toHaveLength(2);
});

test('a burst Omnisend throttles is delivered in full after its Retry-After', async () => {
  const { domain, key, productId } = await connectedShop();
  ctl('throttle', { count: 4 });
  const ids = [];
  for (let i = 0; i < 6; i++) ids.push(await review(domain, productId, uniq(`burst${i}`)));
  const got = await eventually(async () => named(key, 'plaudit review submitted').length === 6 && named(key, 'plaudit review submitted'), 60_000);
  expect(got.map((e) => e.properties.reviewID).sort()).toEqual(ids.map(String).sort());
  const answers = stack.integrations.received.filter((r) => r.headers['x-api-key'] === key && r.path === '/v5/events').map((r) => r.status);
  expect(answers.filter((s) => s === 429)).toHaveLength(4);
  expect(answers.filter((s) => s === 202)).toHaveLength(6);
});

test('the emulated Omnisend keeps its 400 requests a minute per key, with X-Rate-Limit-* and Retry-After', async () => {
  const key = newKey();
  ctl('key', { key });
  const call = () => fetch(`${stack.integrations.url}/hosts/api.omnisend.com/v5/contacts?limit=1`, { headers: { 'X-API-KEY': key } });
  const first = await call();
  expect(first.headers.get('x-rate-limit-limit')).toBe('400');
  expect(first.headers.get('x-rate-limit-remaining')).toBe('399');
  for (let i = 0; i < 399; i++) await (await call()).arrayBuffer();
  const over = await call();
  expect(over.status).toBe(429);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await over.json()).toMatchObject({ error: expect.any(String) });
  // another key has its own minute
  const other = newKey();
  ctl('key', { key: other });
  expect((await fetch(`${stack.integrations.url}/hosts/api.omnisend.com/v5/contacts`, { headers: { 'X-API-KEY': other } })).status).toBe(200);
});

test('a revoked key disconnects Omnisend with the reason and tells the merchant once', async () => {
  const { domain, http, key, productId, shop } = await connectedShop();
  const merchant: string = shop.email;
  expect(merchant).toBeTruthy();
  ctl('revoke', { key });
  const ids = [await review(domain, productId, uniq('r1')), await review(domain, productId, uniq('r2'))];

  const state = await eventually(async () => {
    const s = (await http.get('/api/integrations/omnisend')).body.data;
    return s.status === 'disconnected' && s;
  });
  expect(state.reason).toContain('403');
  // both deliveries have ended: one disconnected it; the other was refused too, found it disconnected, or never started
  for (const id of ids) {
    await delivered(ReviewCreated, id);
    const started = await workflows()
      .getHandle(`omnisend:${domain}:${ReviewCreated.name}:${id}`)
      .describe()
      .then(
        () => true,
        () => false,
      );
    if (started) expect(['revoked', 'not_connected']).toContain(await outcome(domain, ReviewCreated.name, id));
  }
  const ours = () => listMail(process.env.DATA_DIR!).filter((x) => x.envelopeTo.includes(merchant) && x.subject === 'Omnisend was disconnected from Plaudit');
  const mails = await eventually(async () => ours().length > 0 && ours());
  expect(mails).toHaveLength(1);
  expect(eventsOf(key)).toEqual([]);
});

test('after disconnecting, nothing more is sent', async () => {
  const { domain, http, key, productId } = await connectedShop();
  const before = await review(domain, productId, uniq('before'));
  await eventually(async () => named(key, 'plaudit review submitted').length === 1);
  expect(await outcome(domain, ReviewCreated.name, before)).toBe('sent');

  const res = await http.delete('/api/integrations/omnisend');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ status: 'disconnected', reason: null });

  const after = await review(domain, productId, uniq('after'));
  await delivered(ReviewCreated, after);
  await expect(workflows().getHandle(`omnisend:${domain}:${ReviewCreated.name}:${after}`).describe()).rejects.toThrow();
  expect(eventsOf(key)).toHaveLength(1);
});

test('a request eligible reaches Omnisend once, the customer as contact, with the products and their rating links', async () => {
  const { domain, key, productId, shop } = await connectedShop();
  const email = uniq('eligible');
  const requestId = 1000 + crypto.randomInt(1_000_000);
  const product = (id: string, title: string, n: number): RequestEligiblePayload['products'][number] => ({
    productId: id,
    title,
    imageUrl: n === 1 ? 'https://cdn.example/a.png' : null,
    reviewUrl: `https://app.example/r/${requestId}/${n}`,
    ratingUrls: {
      '1': `https://app.example/r/${requestId}/${n}?rating=1`,
      '2': `https://app.example/r/${requestId}/${n}?rating=2`,
      '3': `https://app.example/r/${requestId}/${n}?rating=3`,
      '4': `https://app.example/r/${requestId}/${n}?rating=4`,
      '5': `https://app.example/r/${requestId}/${n}?rating=5`,
    },
  });
  const eligible: RequestEligiblePayload = {
    shopId: shop.id,
    shopDomain: domain,
    requestId,
    orderId: 'gid://shopify/Order/4242',
    orderName: '#4242',
    customer: { email, firstName: 'Ada', lastName: null, locale: 'en' },
    products: [product(productId, 'Linen shirt', 1), product('gid://shopify/Product/77', 'Wool scarf', 2)],
    sentBy: null,
    at: new Date().toISOString(),
  };
  // the durable event handed to the handler, twice (a redelivery): one workflow, one Omnisend event
  const handlers = createEventHandlers(stack.api.runtime.services as unknown as ActivityDeps);
  await handlers.handle(RequestEligible, eligible);
  await handlers.handle(RequestEligible, eligible);
  expect(await outcome(domain, RequestEligible.name, requestId)).toBe('sent');
  const sent = named(key, 'plaudit review request eligible');
  expect(sent).toHaveLength(1);
  expect(sent[0].contact).toEqual({ email, firstName: 'Ada' });
  expect(sent[0]).toMatchObject({
    origin: 'plaudit',
    eventTime: eligible.at,
    properties: {
      requestID: String(requestId),
      orderID: 'gid://shopify/Order/4242',
      orderName: '#4242',
      shopDomain: domain,
      sentBy: 'plaudit',
      productTitles: ['Linen shirt', 'Wool scarf'],
    },
  });
  expect(sent[0].properties.products).toEqual(
    eligible.products.map((p) => ({
      productID: p.productId,
      productTitle: p.title,
      ...(p.imageUrl ? { productImageURL: p.imageUrl } : {}),
      reviewURL: p.reviewUrl,
      rating1URL: p.ratingUrls['1'],
      rating2URL: p.ratingUrls['2'],
      rating3URL: p.ratingUrls['3'],
      rating4URL: p.ratingUrls['4'],
      rating5URL: p.ratingUrls['5'],
    })),
  );
  expect(eventsOf(key)).toHaveLength(1);
});
