// Questions in the public API and its webhooks, on the real stack (API, shared worker, PostgreSQL,
// Temporal, store emulator): shoppers ask through the storefront's app proxy, the merchant answers
// in the admin, an integrator lists and reads with a `questions:read` key (filters, cursor paging,
// another shop's id 404, a key without the scope 403) and receives question.created and
// question.answered, signed as WEBHOOKS.md says. Without the questions plugin neither the
// operations nor the topics exist.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { appProxySignature } from '@plaudit/kernel';
import { client, createShop, EMULATOR_API_SECRET, eventually, startPlatformStack, startTestApi, updateShop } from '@plaudit/kernel/testing';

jest.setTimeout(120_000);
type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
type Http = ReturnType<typeof client>;

const V1 = '/api/public/v1';
let stack: Stack;
let receiver: http.Server;
let base: string;
const received: { path: string; headers: http.IncomingHttpHeaders; rawBody: string; body: any }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, rawBody, body: JSON.parse(rawBody) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startPlatformStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

// WEBHOOKS.md, "Verifying a delivery"
function verifyPlauditSignature(secret: string, rawBody: string, header: string | undefined, nowSeconds = Date.now() / 1000): boolean {
  if (!header) return false;
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const t = pairs.find(([key]) => key === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  return pairs
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? ''))
    .some(([, value]) => crypto.timingSafeEqual(expected, Buffer.from(value, 'hex')));
}

/** An enterprise shop of the emulator with its products, its admin and a key with `scopes`. */
async function integrator(scopes = ['questions:read']) {
  const { domain, shop, appToken } = await stack.installShop();
  await updateShop(stack.api, shop.id, { plan: 'enterprise' });
  const admin = client(stack.appUrl, appToken);
  const page = await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 10 });
  const created = await admin.post('/api/api-keys', { name: 'Questions', scopes });
  expect(created.status).toBe(201);
  return {
    domain,
    shopId: Number(shop.id),
    admin,
    http: client(stack.appUrl, created.body.key),
    products: page.nodes as { id: string; title: string; handle: string }[],
  };
}
type Integrator = Awaited<ReturnType<typeof integrator>>;

let ip = 0;
/** A shopper's question through the app proxy (signed as Shopify signs it), each from its own address. */
async function ask(shop: Integrator, productId: string, question = 'Is it safe in the dishwasher?') {
  const params: Record<string, string> = {
    shop: shop.domain,
    logged_in_customer_id: '',
    path_prefix: '/apps/plaudit',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const qs = new URLSearchParams({ ...params, signature: appProxySignature(params, EMULATOR_API_SECRET) });
  const email = `asker-${++ip}-${Date.now()}@example.com`;
  const res = await fetch(`${stack.appUrl}/storefront/proxy/questions?${qs}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip % 250}` },
    body: JSON.stringify({ productId, name: 'Quinn', email, question }),
  });
  expect(res.status).toBe(201);
  return { id: (await res.json()).data.id as number, email };
}

async function allPages(http: Http, query: string) {
  const ids: number[] = [];
  let url = `${V1}/questions?${query}`;
  for (;;) {
    const res = await http.get(url);
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((q: { id: number }) => q.id));
    if (!res.body.pageInfo.hasNextPage) return ids;
    url = `${V1}/questions?${query}&cursor=${encodeURIComponent(res.body.pageInfo.nextCursor)}`;
  }
}

test('questions are listed by filters and cursor and read one by one with their published answers', async () => {
  const shop = await integrator();
  const [p0, p1] = shop.products;
  const asked = [];
  for (let i = 0; i < 5; i++) asked.push(await ask(shop, i < 3 ? p0.id : p1.id.split('/').pop()!, `Question number ${i}?`));
  const q = asked.map((a) => a.id);
  // just after the last of them was stored (the database's stamps, not this process's clock)
  const stamps = (await shop.http.get(`${V1}/questions?limit=100`)).body.items.map((x: { updatedAt: string }) => Date.parse(x.updatedAt));
  const before = new Date(Math.max(...stamps) + 1).toISOString();
  expect((await shop.admin.put(`/api/questions/${q[1]}/answer`, { body: 'Yes, on the top rack.' })).status).toBe(200);
  expect((await shop.admin.post('/api/questions/bulk/publish', { ids: [q[3]] })).body.count).toBe(1);

  const newest = await allPages(shop.http, 'limit=2');
  expect(newest).toEqual([...q].reverse());
  expect(await allPages(shop.http, 'limit=3&sort=oldest')).toEqual(q);

  const ids = async (query: string) => (await shop.http.get(`${V1}/questions?${query}`)).body.items.map((x: { id: number }) => x.id).sort();
  const sorted = (...list: number[]) => [...list].sort();
  expect(await ids(`productId=${p1.id.split('/').pop()}`)).toEqual(sorted(q[3], q[4]));
  expect(await ids(`productId=${encodeURIComponent(p0.id)}`)).toEqual(sorted(q[0], q[1], q[2]));
  expect(await ids('status=published')).toEqual(sorted(q[1], q[3]));
  expect(await ids('status=pending')).toEqual(sorted(q[0], q[2], q[4]));
  expect(await ids('answered=true')).toEqual([q[1]]);
  expect(await ids('answered=false&status=published')).toEqual([q[3]]);
  expect(await ids(`updatedSince=${encodeURIComponent(before)}`)).toEqual(sorted(q[1], q[3]));
  expect(await ids(`updatedSince=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  expect(await ids(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);

  const one = await shop.http.get(`${V1}/questions/${q[1]}`);
  expect(one.status).toBe(200);
  expect(one.body).toMatchObject({
    id: q[1],
    productId: p0.id,
    productTitle: p0.title,
    productHandle: p0.handle,
    askerName: 'Quinn',
    askerEmail: asked[1].email,
    body: 'Question number 1?',
    locale: expect.any(String),
    status: 'published',
    answerCount: 1,
    answeredAt: expect.any(String),
    answers: [
      {
        id: expect.any(Number),
        author: 'merchant',
        authorName: expect.any(String),
        body: 'Yes, on the top rack.',
        helpfulCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ],
  });
  expect(one.body.answers[0]).not.toHaveProperty('authorEmail');
  expect((await shop.http.get(`${V1}/questions/${q[0]}`)).body).toMatchObject({ status: 'pending', answerCount: 0, answers: [], answeredAt: null });
  // the list shows the same question as the single read
  expect((await shop.http.get(`${V1}/questions?limit=100`)).body.items.find((x: { id: number }) => x.id === q[1])).toEqual(one.body);
  // an answer deleted (it leaves no row to be seen by) is a change of its question for incremental syncs
  const beforeDelete = new Date().toISOString();
  expect((await shop.admin.delete(`/api/questions/${q[1]}/answers/${one.body.answers[0].id}`)).status).toBe(200);
  expect(await ids(`updatedSince=${encodeURIComponent(beforeDelete)}`)).toEqual([q[1]]);
  expect((await shop.http.get(`${V1}/questions/${q[1]}`)).body).toMatchObject({ answerCount: 0, answers: [] });
});

test("another shop's question is 404, a key without the scope 403, bad input 400", async () => {
  const a = await integrator();
  const b = await integrator(['reviews:read']);
  const theirs = await ask(b, b.products[0].id);
  const gone = await a.http.get(`${V1}/questions/${theirs.id}`);
  expect(gone.status).toBe(404);
  expect(gone.body.error.code).toBe('NOT_FOUND');
  expect((await a.http.get(`${V1}/questions`)).body.items).toEqual([]);

  const refused = await b.http.get(`${V1}/questions`);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', scope: 'questions:read' });
  expect((await b.http.get(`${V1}/questions/${theirs.id}`)).status).toBe(403);

  const details = async (query: string) => {
    const res = await a.http.get(`${V1}/questions${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    return res.body.error.details;
  };
  expect(await details('?status=gone')).toHaveProperty('status');
  expect(await details('?answered=yes')).toHaveProperty('answered');
  expect(await details('?limit=0')).toHaveProperty('limit');
  expect(await details('?updatedSince=yesterday')).toHaveProperty('updatedSince');
  expect(await details('?productId=shirt')).toHaveProperty(['productId.0']);
  expect(await details('?cursor=bm90LWEtY3Vyc29y')).toEqual({ cursor: 'The value is invalid' });
  expect(await details('/abc')).toHaveProperty('id');
});

test('a question asked on the storefront is sent as question.created, its answer as question.answered, signed', async () => {
  const shop = await integrator();
  const hook = `/questions/${shop.shopId}`;
  const sub = await shop.admin.post('/api/webhooks', { url: base + hook, topics: ['question.created', 'question.answered'] });
  expect(sub.status).toBe(201);
  const product = shop.products[0];
  // the storefront's own route: the shop's domain on the emulator, through Shopify's app proxy
  const res = await fetch(`${stack.emulator.url}/shops/${shop.domain}/apps/plaudit/questions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: product.id, name: 'Quinn', email: 'quinn@example.com', question: 'Does it come in blue?' }),
  });
  expect(res.status).toBe(201);
  const questionId = (await res.json()).data.id as number;
  const mine = (topic: string) => received.filter((r) => r.path === hook && r.body.topic === topic);

  const [created] = await eventually(async () => mine('question.created').length > 0 && mine('question.created'), 60_000);
  expect(created.headers['plaudit-topic']).toBe('question.created');
  expect(created.headers['plaudit-shop-domain']).toBe(shop.domain);
  expect(created.headers['plaudit-webhook-id']).toBe(created.body.id);
  expect(created.body).toEqual({
    id: expect.any(String),
    topic: 'question.created',
    createdAt: expect.any(String),
    shopDomain: shop.domain,
    data: {
      questionId,
      productId: product.id,
      status: 'pending',
      productTitle: product.title,
      productHandle: product.handle,
      locale: expect.any(String),
      at: expect.any(String),
    },
  });
  expect(verifyPlauditSignature(sub.body.secret, created.rawBody, created.headers['plaudit-signature'] as string)).toBe(true);
  expect(verifyPlauditSignature(`${sub.body.secret}x`, created.rawBody, created.headers['plaudit-signature'] as string)).toBe(false);

  const answered = await shop.admin.put(`/api/questions/${questionId}/answer`, { body: 'Yes, in navy.' });
  expect(answered.status).toBe(200);
  const answerId = answered.body.answers[0].id;
  const [hit] = await eventually(async () => mine('question.answered').length > 0 && mine('question.answered'), 60_000);
  expect(hit.body.data).toEqual({
    questionId,
    answerId,
    author: 'merchant',
    productId: product.id,
    productTitle: product.title,
    productHandle: product.handle,
    locale: expect.any(String),
    askedAt: created.body.data.at,
    at: expect.any(String),
  });
  expect(verifyPlauditSignature(sub.body.secret, hit.rawBody, hit.headers['plaudit-signature'] as string)).toBe(true);
  // editing the answer sends nothing more; the API reads what the webhook named
  await shop.admin.put(`/api/questions/${questionId}/answer`, { body: 'Yes, in navy and sky.' });
  expect((await shop.http.get(`${V1}/questions/${questionId}`)).body.answers.map((a: { id: number; body: string }) => [a.id, a.body])).toEqual([
    [answerId, 'Yes, in navy and sky.'],
  ]);
  const deliveries = (await shop.admin.get(`/api/webhooks/${sub.body.id}/deliveries`)).body.items;
  expect(deliveries.map((d: { topic: string }) => d.topic).sort()).toEqual(['question.answered', 'question.created']);
  expect(mine('question.answered')).toHaveLength(1);
});

test('without the questions plugin the operations answer 404, are not documented and the topics are not offered', async () => {
  // a plugins folder with the public API alone: the app as it runs once plugins/questions is deleted
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plaudit-public-api-no-questions-'));
  fs.symlinkSync(path.resolve(__dirname, '..'), path.join(root, 'public-api'));
  const alone = await startTestApi({ PLUGINS_ROOT: root });
  try {
    const { token } = await createShop(alone, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
    const admin = client(alone.url, token);
    const key = (await admin.post('/api/api-keys', { name: 'x', scopes: ['questions:read'] })).body.key;
    for (const url of [`${V1}/questions`, `${V1}/questions/1`]) {
      const res = await client(alone.url, key).get(url);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const doc = await (await fetch(`${alone.url}${V1}/openapi.json`)).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/questions'))).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/reviews');

    const list = await admin.get('/api/webhooks');
    expect(list.body.topics).toContain('review.created');
    expect(list.body.topics.filter((t: string) => t.startsWith('question.'))).toEqual([]);
    const refused = await admin.post('/api/webhooks', { url: 'https://example.com/hook', topics: ['review.created', 'question.created'] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'topics.1': 'Unknown topic' });
    const viaKey = await client(alone.url, (await admin.post('/api/api-keys', { name: 'w', scopes: ['webhooks'] })).body.key).post(`${V1}/webhooks`, {
      url: 'https://example.com/hook',
      topics: ['question.answered'],
    });
    expect(viaKey.status).toBe(400);
    expect(viaKey.body.error.details).toEqual({ 'topics.0': 'Unknown topic' });
    expect((await admin.post('/api/webhooks', { url: 'https://example.com/hook', topics: ['review.created'] })).status).toBe(201);
  } finally {
    await alone.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}, 60_000);
