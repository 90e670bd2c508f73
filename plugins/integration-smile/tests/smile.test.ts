// Smile.io end to end on the real stack (API, PostgreSQL, Temporal with a worker of this file's own,
// the SMTP sink, the store and integrations emulators): connecting with a wrong and then a right
// key; a 1-star and a 5-star review earning the same points once each, also when unpublished and
// published again; a held review earning when the merchant publishes it; an imported review
// earning nothing; a throttled burst delivered in full; a revoked key disconnecting the
// integration and mailing the merchant once; after a disconnect nothing more is sent.
import { RECHECK_CREDENTIALS as RECHECK } from '@plaudit/kernel';
import { client, eventually, listMail, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { ReviewCreated, ReviewFacts, ReviewPublished, ReviewWrite } from '@plaudit/contracts/reviews';

jest.setTimeout(180_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `smile-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

const uniq = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const TOKEN = 'activity_f57a9b5a8d0ac5';

interface EmulatedActivity {
  id: number;
  customer_id: number;
  token: string;
  distinct_id: string;
  points: number;
}
const activities = (key: string) => stack.integrations.control('smile', 'activities', { key }) as EmulatedActivity[];
const customers = () => stack.integrations.control('smile', 'customers') as Record<string, { id: number; points: number }>;
const workflow = (id: string) => stack.api.runtime.services.temporal.client.workflow.getHandle(id);

/** A workflow's result, once it was started. */
async function resultOf(id: string): Promise<string> {
  const handle = workflow(id);
  await eventually(
    () =>
      handle.describe().then(
        () => true,
        () => false,
      ),
    30_000,
  );
  return handle.result();
}
/** The review's points workflow's outcome, once an event has started it. */
const outcome = (domain: string, reviewId: number) => resultOf(`smile:${domain}:review:${reviewId}`);
/** Every listener of the review's ReviewCreated handled it. */
const createdHandled = (reviewId: number) => resultOf(`event:${ReviewCreated.name}:${reviewId}`);
const started = (domain: string, reviewId: number) =>
  workflow(`smile:${domain}:review:${reviewId}`)
    .describe()
    .then(
      () => true,
      () => false,
    );

/** A connected shop: its own Smile key in the emulator. */
async function connectedShop() {
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);
  const key = `api_${Math.random().toString(36).slice(2, 12)}`;
  stack.integrations.control('smile', 'key', { key });
  const res = await http.put('/api/integrations/smile', { privateKey: key, activityToken: TOKEN });
  expect(res.status).toBe(200);
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  return { ...installed, http, key, productId: `gid://shopify/Product/${product.id}` };
}

/** A guest's review through the storefront form. */
async function review(domain: string, productId: string, fields: { rating: number; email: string; content?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    productId,
    rating: String(fields.rating),
    content: fields.content ?? `Rated ${fields.rating}, written for the Smile test.`,
    firstName: 'Sam',
    email: fields.email,
  }))
    form.set(k, v);
  const res = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Waits until the ReviewPublished event of a publish of `reviewId` was handled by every listener. */
async function publishHandled(reviewId: number, after: number) {
  const prefix = `event:${ReviewPublished.name}:publish:${reviewId}:`;
  await eventually(
    async () => {
      for await (const w of stack.api.runtime.services.temporal.client.workflow.list({ query: `WorkflowType = 'deliverEvent'` })) {
        if (w.workflowId.startsWith(prefix) && Number(w.workflowId.slice(prefix.length)) >= after && w.status.name === 'COMPLETED') return true;
      }
      return false;
    },
    30_000,
    500,
  );
}

test('connect: required fields, a refused key, then a right one that is never sent back', async () => {
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);

  const empty = await http.put('/api/integrations/smile', {});
  expect(empty.status).toBe(400);
  expect(empty.body.errors).toEqual({ privateKey: 'This field is required', activityToken: 'This field is required' });

  const wrong = await http.put('/api/integrations/smile', { privateKey: 'api_not_a_key', activityToken: TOKEN });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe(RECHECK);
  expect((await http.get('/api/integrations/smile')).body.data).toMatchObject({ app: 'smile', status: 'disconnected' });

  const key = `api_${Math.random().toString(36).slice(2, 12)}`;
  stack.integrations.control('smile', 'key', { key });
  const right = await http.put('/api/integrations/smile', { privateKey: key, activityToken: TOKEN });
  expect(right.status).toBe(200);
  expect(right.body.data).toMatchObject({ app: 'smile', status: 'connected', reason: null });
  const read = await http.get('/api/integrations/smile');
  expect(read.body.data.status).toBe('connected');
  expect(JSON.stringify(read.body)).not.toContain(key);
  expect(JSON.stringify(right.body)).not.toContain(key);
  expect(JSON.stringify(read.body)).not.toContain(TOKEN);
  // the key check was one authenticated read of Smile's customers
  const checks = stack.integrations.received.filter((r) => r.vendor === 'smile' && r.headers.authorization === `Bearer ${key}`);
  expect(checks.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/customers 200']);
});

test('1 and 5 stars earn the same points once each; unpublish and publish again earns nothing more; a held review earns when published; an imported one never; those that earned are incentivized', async () => {
  const { domain, http, key, productId, shop } = await connectedShop();
  const emails = { low: uniq('low'), high: uniq('high') };
  const low = await review(domain, productId, { rating: 1, email: emails.low });
  const high = await review(domain, productId, { rating: 5, email: emails.high });
  expect(await outcome(domain, low)).toBe('awarded');
  expect(await outcome(domain, high)).toBe('awarded');

  const earned = activities(key);
  expect(earned.map((a) => a.distinct_id).sort()).toEqual([`plaudit-review-${low}`, `plaudit-review-${high}`].sort());
  expect(earned.every((a) => a.token === TOKEN)).toBe(true);
  expect(earned[0].points).toBe(earned[1].points);
  expect(customers()[emails.low].points).toBe(customers()[emails.high].points);
  expect(customers()[emails.low].points).toBeGreaterThan(0);
  // the activity names Smile's customer, found by the reviewer's email
  expect(earned.find((a) => a.distinct_id === `plaudit-review-${low}`)!.customer_id).toBe(customers()[emails.low].id);

  // unpublished and published again: the review's workflow exists already, nothing is sent again
  expect((await http.post('/api/reviews/bulk/unpublish', { ids: [low] })).body.count).toBe(1);
  const republishedAt = Date.now();
  expect((await http.post('/api/reviews/bulk/publish', { ids: [low] })).body.count).toBe(1);
  await publishHandled(low, republishedAt - 1_000);
  expect(activities(key)).toHaveLength(2);
  const posts = stack.integrations.received.filter((r) => r.vendor === 'smile' && r.path === '/v1/activities' && r.headers.authorization === `Bearer ${key}`);
  expect(posts).toHaveLength(2);

  // the shop holds new reviews: the points come when the merchant publishes it
  expect((await http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  const heldEmail = uniq('held');
  const held = await review(domain, productId, { rating: 3, email: heldEmail });
  await createdHandled(held);
  expect(await started(domain, held)).toBe(false);
  expect((await http.post('/api/reviews/bulk/publish', { ids: [held] })).body.count).toBe(1);
  expect(await outcome(domain, held)).toBe('awarded');
  expect(activities(key).map((a) => a.distinct_id)).toContain(`plaudit-review-${held}`);

  // an imported review, published by the merchant, is not a shopper's own: no points
  const imports = stack.api.runtime.services.capabilities.require(ReviewWrite);
  const {
    ids: [imported],
  } = await imports.importReviews(stack.api.runtime.services.tenant(shop.id, domain), [
    { productId, rating: 5, content: 'Imported from another app.', email: uniq('imported'), status: 'unpublished' },
  ]);
  expect((await http.post('/api/reviews/bulk/publish', { ids: [imported] })).body.count).toBe(1);
  expect(await outcome(domain, imported)).toBe('not_shoppers_own');
  expect(activities(key)).toHaveLength(3);

  // the reviews that earned points are disclosed as incentivized; the imported one is not
  const facts = stack.api.runtime.services.capabilities.require(ReviewFacts);
  const tenant = stack.api.runtime.services.tenant(shop.id, domain);
  for (const id of [low, high, held]) expect((await facts.reviewFacts(tenant, id))!.incentivized).toBe(true);
  expect((await facts.reviewFacts(tenant, imported))!.incentivized).toBe(false);
});

test('a throttled burst is delivered in full, each review once', async () => {
  const { domain, key, productId } = await connectedShop();
  stack.integrations.control('smile', 'throttle', { count: 6 });
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) ids.push(await review(domain, productId, { rating: (i % 5) + 1, email: uniq(`burst${i}`) }));
  const outcomes = await Promise.all(ids.map((id) => outcome(domain, id)));
  expect(outcomes).toEqual(ids.map(() => 'awarded'));
  expect(
    activities(key)
      .map((a) => a.distinct_id)
      .sort(),
  ).toEqual(ids.map((id) => `plaudit-review-${id}`).sort());
  // some calls were answered 429 and retried after Retry-After
  expect(stack.integrations.received.some((r) => r.vendor === 'smile' && r.status === 429)).toBe(true);
});

test('a revoked key disconnects with a reason and mails the merchant once; after a disconnect nothing is sent', async () => {
  const { domain, http, key, productId, shop } = await connectedShop();
  stack.integrations.control('smile', 'revoke', { key });
  const a = await review(domain, productId, { rating: 4, email: uniq('rev-a') });
  const b = await review(domain, productId, { rating: 2, email: uniq('rev-b') });
  // each review met the refused key, or found the integration disconnected already (then it started nothing)
  const outcomes: string[] = [];
  for (const id of [a, b]) {
    await createdHandled(id);
    if (await started(domain, id)) outcomes.push(await outcome(domain, id));
  }
  expect(outcomes).toContain('revoked');
  expect(outcomes.every((o) => o === 'revoked' || o === 'not_connected')).toBe(true);

  const state = (await http.get('/api/integrations/smile')).body.data;
  expect(state).toMatchObject({ status: 'disconnected', reason: 'Smile.io refused the API key (HTTP 401)' });
  const subject = `Smile.io was disconnected from ${shop.name}`;
  const mails = await eventually(async () => {
    const found = listMail(process.env.DATA_DIR!).filter((m) => m.subject === subject);
    return found.length > 0 && found;
  });
  expect(mails).toHaveLength(1);
  expect(activities(key)).toHaveLength(0);

  // connected again with a new key, then disconnected by the merchant: a new review sends nothing
  const fresh = `api_${Math.random().toString(36).slice(2, 12)}`;
  stack.integrations.control('smile', 'key', { key: fresh });
  expect((await http.put('/api/integrations/smile', { privateKey: fresh, activityToken: TOKEN })).status).toBe(200);
  const off = await http.delete('/api/integrations/smile');
  expect(off.status).toBe(200);
  expect(off.body.data).toMatchObject({ status: 'disconnected', reason: null });
  const after = await review(domain, productId, { rating: 5, email: uniq('after') });
  await createdHandled(after);
  expect(await started(domain, after)).toBe(false);
  expect(activities(fresh)).toHaveLength(0);
  expect(listMail(process.env.DATA_DIR!).filter((m) => m.subject === subject)).toHaveLength(1);
});
