// Outgoing webhooks end to end on the real stack (API, PostgreSQL, Temporal with a worker of this
// file's own, the SMTP sink) and a local HTTP receiver. The receiver checks signatures with the
// recipe of WEBHOOKS.md, written here from that document alone. Retry timings are shortened per
// shop through the `public-api.webhooks` setting (milliseconds instead of hours).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestReviewed, RequestSent, type RequestSentPayload } from '@plaudit/contracts/review-requests';
import { client, createShop, eventually, listMail, startTestApi, startTestWorker, storeSettingsRaw, type TestApi } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);

let api: TestApi;
let stopWorker: () => Promise<void>;

// ---- the receiver, from WEBHOOKS.md ("Verifying a delivery") ----
const TOLERANCE_SECONDS = 5 * 60;
function verifyPlauditSignature(secret: string, rawBody: string, header: string | undefined, nowSeconds = Date.now() / 1000): boolean {
  if (!header) return false;
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const t = pairs.find(([key]) => key === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(nowSeconds - Number(t)) > TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  return pairs
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? ''))
    .some(([, value]) => crypto.timingSafeEqual(expected, Buffer.from(value, 'hex')));
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; topic: string; createdAt: string; shopDomain: string; data: Record<string, any> };
}

/** `/ok/<x>` answers 200, `/flaky/<x>` 500 twice per delivery id then 200, `/down/<x>` 503, `/toggle/<x>` as `toggles` says. */
const received: Received[] = [];
const toggles = new Map<string, number>();
let receiver: http.Server;
let base: string;

function answer(req: http.IncomingMessage, seen: number): number {
  const [, kind, name] = (req.url ?? '').split('/');
  if (kind === 'ok') return 200;
  if (kind === 'flaky') return seen <= 2 ? 500 : 200;
  if (kind === 'toggle') return toggles.get(name) ?? 503;
  return 503;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, rawBody, body: JSON.parse(rawBody) });
      const seen = received.filter((r) => r.path === req.url && r.headers['plaudit-webhook-id'] === req.headers['plaudit-webhook-id']).length;
      const status = answer(req, seen);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : `nope ${'x'.repeat(5000)}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  api = await startTestApi({ TEMPORAL_TASK_QUEUE: `webhooks-${process.pid}` });
  stopWorker = await startTestWorker(api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await api?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const at = (path: string) => received.filter((r) => r.path === path);
/** the "endpoint switched off" mails a merchant received (new-review notifications go to the same address) */
const offMails = (email: string) =>
  listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email) && m.messageId?.startsWith('<webhook-disabled-'));
const uniq = (name: string) => `${name}-${Date.now()}-${crypto.randomBytes(3).toString('hex')}`;

async function enterpriseShop(timing = { retryInitialMs: 200, retryMaxMs: 1000, retryWindowMs: 60_000 }) {
  const email = `${uniq('merchant')}@example.com`;
  const { shop, token } = await createShop(api, { plan: 'enterprise', email });
  await storeSettingsRaw(api, shop.id, 'public-api.webhooks', timing);
  return { shop, email, http: client(api.url, token) };
}

async function subscribe(http: ReturnType<typeof client>, url: string, topics: string[]) {
  const res = await http.post('/api/webhooks', { url, topics });
  expect(res.status).toBe(201);
  return res.body as { id: number; secret: string; enabled: boolean };
}

/** A review through the reviews plugin's own admin API. */
async function createReview(http: ReturnType<typeof client>, content = 'Lovely fabric, fits well.') {
  const res = await http.post('/api/reviews', { rating: 5, content, productId: 'gid://shopify/Product/7001', firstName: 'Ann', status: 'published' });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const deliveriesOf = async (http: ReturnType<typeof client>, subscriptionId: number) =>
  (await http.get(`/api/webhooks/${subscriptionId}/deliveries`)).body.items as any[];

test('a new review arrives signed: the doc recipe verifies it, a wrong secret or an old timestamp does not', async () => {
  const { shop, http } = await enterpriseShop();
  const path = `/ok/${uniq('created')}`;
  const sub = await subscribe(http, base + path, ['review.created']);
  expect(sub.secret).toMatch(/^whsec_/);
  const reviewId = await createReview(http);

  const [hit] = await eventually(async () => at(path).length > 0 && at(path));
  expect(hit.headers['plaudit-topic']).toBe('review.created');
  expect(hit.headers['plaudit-shop-domain']).toBe(shop.shopifyDomain);
  expect(hit.headers['plaudit-webhook-id']).toBe(hit.body.id);
  expect(hit.body).toMatchObject({
    topic: 'review.created',
    shopDomain: shop.shopifyDomain,
    data: { reviewId, productId: 'gid://shopify/Product/7001', status: 'published', rating: 5 },
  });
  expect(verifyPlauditSignature(sub.secret, hit.rawBody, hit.headers['plaudit-signature'] as string)).toBe(true);
  expect(verifyPlauditSignature(`${sub.secret}x`, hit.rawBody, hit.headers['plaudit-signature'] as string)).toBe(false);
  expect(verifyPlauditSignature(sub.secret, hit.rawBody.replace('"rating":5', '"rating":1'), hit.headers['plaudit-signature'] as string)).toBe(false);
  // a replay ten minutes later is refused by the timestamp
  expect(verifyPlauditSignature(sub.secret, hit.rawBody, hit.headers['plaudit-signature'] as string, Date.now() / 1000 + 600)).toBe(false);

  // the secret can be read again, and the log shows the delivery with its answer
  expect((await http.get(`/api/webhooks/${sub.id}/secret`)).body.secret).toBe(sub.secret);
  const [logged] = await eventually(async () => {
    const items = await deliveriesOf(http, sub.id);
    return items[0]?.status === 'delivered' && items;
  });
  expect(logged).toMatchObject({ id: hit.body.id, topic: 'review.created', attempts: 1, lastStatusCode: 200, lastResponse: 'thanks' });

  // a test ping is answered when done
  const ping = await http.post(`/api/webhooks/${sub.id}/ping`);
  expect(ping.status).toBe(200);
  expect(ping.body).toMatchObject({ topic: 'ping', status: 'delivered', lastStatusCode: 200 });
  expect(at(path).map((r) => r.body.topic)).toEqual(['review.created', 'ping']);
});

test('moderation, replies and deletes are sent as review.published, review.updated, review.replied and review.deleted', async () => {
  const { http } = await enterpriseShop();
  const path = `/ok/${uniq('changes')}`;
  await subscribe(http, base + path, ['review.published', 'review.updated', 'review.replied', 'review.deleted']);
  const first = (await http.post('/api/reviews', { rating: 4, content: 'Held at first.', productId: 'gid://shopify/Product/7002', status: 'unpublished' })).body
    .id;
  const second = (await http.post('/api/reviews', { rating: 3, content: 'Also held.', productId: 'gid://shopify/Product/7002', status: 'unpublished' })).body
    .id;
  expect((await http.post('/api/reviews/bulk/publish', { ids: [first, second] })).body.count).toBe(2);
  expect((await http.post(`/api/reviews/${first}/feature`)).status).toBe(200);
  expect((await http.post(`/api/reviews/${first}/reply`, { content: 'Thank you!' })).status).toBe(200);
  expect((await http.delete(`/api/reviews/${second}`)).status).toBe(200);

  const hits = await eventually(async () => at(path).length >= 5 && at(path));
  const summary = hits.map((h) => `${h.body.topic} ${h.body.data.reviewId} ${h.body.data.change} ${h.body.data.status}`).sort();
  expect(summary).toEqual(
    [
      `review.deleted ${second} delete trash`,
      `review.published ${first} publish published`,
      `review.published ${second} publish published`,
      `review.replied ${first} reply published`,
      `review.updated ${first} feature published`,
    ].sort(),
  );
  expect(new Set(hits.map((h) => h.body.id)).size).toBe(5);
});

test('review-request events are forwarded with their data, once per event even when the event is delivered twice', async () => {
  const { shop, http } = await enterpriseShop();
  const path = `/ok/${uniq('requests')}`;
  await subscribe(http, base + path, ['request.sent', 'request.reviewed']);
  const { events } = api.runtime.services;
  const sent: RequestSentPayload = {
    shopId: shop.id,
    shopDomain: shop.shopifyDomain,
    requestId: 41,
    orderId: '5001',
    orderName: '#1001',
    productIds: ['gid://shopify/Product/1'],
    reminder: 0,
    status: 'success',
    at: new Date().toISOString(),
  };
  await events.emit(RequestSent, sent, { key: `test-${shop.id}:41:0`, shopDomain: shop.shopifyDomain });
  // the same occurrence again (a retried emitter): the receiver still gets one delivery
  await events.emit(RequestSent, sent, { key: `test-${shop.id}:41:0:again`, shopDomain: shop.shopifyDomain });
  const { reminder: _reminder, ...request } = sent;
  await events.emit(RequestReviewed, { ...request, status: 'reviewed' }, { key: `test-${shop.id}:41`, shopDomain: shop.shopifyDomain });
  // every event handled (the kernel's deliverEvent workflows done), every delivery made
  const client = api.runtime.services.temporal.client.workflow;
  for (const id of [
    `event:${RequestSent.name}:test-${shop.id}:41:0`,
    `event:${RequestSent.name}:test-${shop.id}:41:0:again`,
    `event:${RequestReviewed.name}:test-${shop.id}:41`,
  ]) {
    await eventually(() =>
      client
        .getHandle(id)
        .describe()
        .then(
          () => true,
          () => false,
        ),
    );
    await client.getHandle(id).result();
  }
  const hits = await eventually(async () => at(path).length >= 2 && at(path));
  expect(hits.map((h) => h.body.topic).sort()).toEqual(['request.reviewed', 'request.sent']);
  expect(hits.find((h) => h.body.topic === 'request.sent')!.body.data).toEqual({
    requestId: 41,
    orderId: '5001',
    orderName: '#1001',
    productIds: ['gid://shopify/Product/1'],
    reminder: 0,
    status: 'success',
    at: sent.at,
  });
  const [subscription] = (await http.get('/api/webhooks')).body.items;
  expect((await deliveriesOf(http, subscription.id)).map((d) => d.topic).sort()).toEqual(['request.reviewed', 'request.sent']);
});

test('a receiver that fails twice gets the delivery on the third attempt, with the same webhook id each time', async () => {
  const { http } = await enterpriseShop();
  const path = `/flaky/${uniq('retry')}`;
  const sub = await subscribe(http, base + path, ['review.created']);
  await createReview(http);
  const [delivery] = await eventually(async () => {
    const items = await deliveriesOf(http, sub.id);
    return items[0]?.status === 'delivered' && items;
  });
  expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 200, lastResponse: 'thanks', nextAttemptAt: null });
  const ids = at(path).map((r) => r.headers['plaudit-webhook-id']);
  expect(ids).toEqual([delivery.id, delivery.id, delivery.id]);
  // the subscription is healthy again
  expect((await http.get(`/api/webhooks/${sub.id}`)).body).toMatchObject({ enabled: true, consecutiveFailures: 0, failingSince: null });
});

test('sustained failure switches the subscription off and mails the merchant once; redelivery sends the same id again', async () => {
  const { shop, email, http } = await enterpriseShop({ retryInitialMs: 100, retryMaxMs: 300, retryWindowMs: 4000 });
  const name = uniq('down');
  const path = `/toggle/${name}`;
  const sub = await subscribe(http, base + path, ['review.created']);
  await createReview(http, 'First of two reviews.');
  await createReview(http, 'Second of two reviews.');

  const failed = await eventually(async () => {
    const items = await deliveriesOf(http, sub.id);
    return items.length === 2 && items.every((d) => d.status === 'failed') && items;
  }, 30_000);
  // retried within the window before giving up (how many times depends on the machine's speed)
  expect(failed[0].attempts).toBeGreaterThan(1);
  expect(failed[0]).toMatchObject({ lastStatusCode: 503, nextAttemptAt: null });
  expect(failed[0].lastResponse.length).toBeLessThanOrEqual(2048);
  const off = (await http.get(`/api/webhooks/${sub.id}`)).body;
  expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' });
  expect(off.consecutiveFailures).toBeGreaterThan(2);

  const mails = await eventually(async () => offMails(email).length > 0 && offMails(email));
  expect(mails).toHaveLength(1);
  expect(mails[0].shop).toBe(shop.shopifyDomain);
  expect(mails[0].subject).toMatch(/webhook/i);

  // nothing more is sent while it is off
  const before = at(path).length;
  await createReview(http, 'While the endpoint is off.');
  expect(offMails(email)).toHaveLength(1);

  // the receiver is fixed: redelivering sends the same delivery (same id) once more
  toggles.set(name, 200);
  const target = failed[0];
  const redo = await http.post(`/api/webhooks/${sub.id}/deliveries/${target.id}/redeliver`);
  expect(redo.status).toBe(202);
  const again = await eventually(async () => {
    const d = (await http.get(`/api/webhooks/${sub.id}/deliveries/${target.id}`)).body;
    return d.status === 'delivered' && d;
  });
  expect(again).toMatchObject({ id: target.id, redeliveries: 1, lastStatusCode: 200 });
  expect((await http.post(`/api/webhooks/${sub.id}/deliveries/${target.id}/redeliver`)).status).toBe(202);
  await eventually(async () => (await http.get(`/api/webhooks/${sub.id}/deliveries/${target.id}`)).body.redeliveries === 2 && at(path).length === before + 2);
  const hits = at(path).slice(before);
  expect(hits.map((h) => h.headers['plaudit-webhook-id'])).toEqual([target.id, target.id]);
  expect(hits[0].body.id).toBe(target.id);

  // switched back on, it starts afresh
  const on = await http.call('PATCH', `/api/webhooks/${sub.id}`, { enabled: true });
  expect(on.body).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  expect(offMails(email)).toHaveLength(1);
});

test("a shop cannot see or touch another shop's subscriptions and deliveries", async () => {
  const a = await enterpriseShop();
  const b = await enterpriseShop();
  const path = `/ok/${uniq('tenancy')}`;
  const sub = await subscribe(a.http, base + path, ['review.created']);
  await createReview(a.http);
  const [delivery] = await eventually(async () => {
    const items = await deliveriesOf(a.http, sub.id);
    return items[0]?.status === 'delivered' && items;
  });
  expect((await b.http.get('/api/webhooks')).body.items).toEqual([]);
  expect((await b.http.get(`/api/webhooks/${sub.id}`)).status).toBe(404);
  expect((await b.http.get(`/api/webhooks/${sub.id}/deliveries`)).status).toBe(404);
  expect((await b.http.get(`/api/webhooks/${sub.id}/deliveries/${delivery.id}`)).status).toBe(404);
  expect((await b.http.post(`/api/webhooks/${sub.id}/deliveries/${delivery.id}/redeliver`)).status).toBe(404);
  expect((await b.http.get(`/api/webhooks/${sub.id}/secret`)).status).toBe(404);
  expect((await b.http.post(`/api/webhooks/${sub.id}/ping`)).status).toBe(404);
  expect((await b.http.call('PATCH', `/api/webhooks/${sub.id}`, { enabled: false })).status).toBe(404);
  expect((await b.http.delete(`/api/webhooks/${sub.id}`)).status).toBe(404);
  // B's own subscription does not reach A's delivery either
  const own = await subscribe(b.http, `${base}/ok/${uniq('b')}`, ['review.created']);
  expect((await b.http.post(`/api/webhooks/${own.id}/deliveries/${delivery.id}/redeliver`)).status).toBe(404);
  // and A's review was sent to A's endpoint only
  expect(at(path)).toHaveLength(1);
  expect((await a.http.get(`/api/webhooks/${sub.id}`)).body.enabled).toBe(true);
});

test('bad input answers 400, the plan gate 403', async () => {
  const { http } = await enterpriseShop();
  const bad = [
    { url: 'ftp://example.com/hook', topics: ['review.created'] },
    { url: 'http://example.com/hook', topics: ['review.created'] },
    { url: 'https://user:pass@example.com/hook', topics: ['review.created'] },
    { url: 'not a url', topics: ['review.created'] },
    { url: 'https://example.com/hook', topics: [] },
    { url: 'https://example.com/hook', topics: ['review.exploded'] },
    { url: 'https://example.com/hook' },
    { url: 'https://example.com/hook', topics: ['review.created'], secret: 'mine' },
  ];
  for (const body of bad) expect([JSON.stringify(body), (await http.post('/api/webhooks', body)).status]).toEqual([JSON.stringify(body), 400]);
  const sub = await subscribe(http, 'https://example.com/hook', ['review.created', 'review.created', 'request.sent']);
  expect((await http.get(`/api/webhooks/${sub.id}`)).body.topics).toEqual(['review.created', 'request.sent']);
  expect((await http.call('PATCH', `/api/webhooks/${sub.id}`, { url: 'http://example.com' })).status).toBe(400);
  expect((await http.call('PATCH', `/api/webhooks/${sub.id}`, { enabled: 'yes' })).status).toBe(400);
  expect((await http.get('/api/webhooks/abc')).status).toBe(400);
  expect((await http.get(`/api/webhooks/${sub.id}/deliveries?limit=0`)).status).toBe(400);
  expect((await http.get(`/api/webhooks/${sub.id}/deliveries?cursor=nonsense`)).status).toBe(400);
  expect((await http.get(`/api/webhooks/${sub.id}/deliveries/not-a-uuid`)).status).toBe(400);
  expect((await http.post(`/api/webhooks/${sub.id}/deliveries/${crypto.randomUUID()}/redeliver`)).status).toBe(404);

  const { token } = await createShop(api, { plan: 'free', installedAt: new Date('2024-03-01T00:00:00Z') });
  const free = client(api.url, token);
  const refused = await free.post('/api/webhooks', { url: 'https://example.com/hook', topics: ['review.created'] });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('PLAN_TIER_TOO_LOW');
  expect((await free.get('/api/webhooks')).body).toMatchObject({ items: [], access: { allowed: false, tier: 'third' } });
});
