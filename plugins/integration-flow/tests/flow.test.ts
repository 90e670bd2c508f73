// Shopify Flow end to end on the real stack (API, PostgreSQL, Temporal with a worker of this file's
// own, the store emulator): guest reviews fire Plaudit's triggers to the emulator's flowTriggerReceive
// with the product reference (a 1-star one also the negative-review trigger); Flow actions sent by
// the emulator, signed with the app's secret, act once per action_run_id; a bad signature is refused;
// Flow's trigger lifecycle callbacks decide which triggers fire.
import crypto from 'node:crypto';
import { client, EMULATOR_API_SECRET, eventDelivered, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { ReviewAdmin, ReviewCreated } from '@plaudit/contracts/reviews';
import { type TriggerHandle, triggerWorkflowId } from '../shared/flow';

jest.setTimeout(150_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `integration-flow-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

interface Trigger {
  handle: string;
  payload: Record<string, unknown>;
}

const uniq = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const triggers = (domain: string) => stack.control<Trigger[]>(`/shops/${domain}/flow/triggers`);

/** An installed shop that turned Flow on (Settings → Integrations → Shopify Flow). */
async function shop() {
  const installed = await stack.installShop();
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  const services = stack.api.runtime.services;
  const http = client(stack.appUrl, installed.appToken);
  expect((await http.put('/api/integrations/flow', {})).body.data.status).toBe('connected');
  return {
    ...installed,
    product,
    http,
    tenant: services.tenant(installed.shop.id, installed.domain),
    reviews: services.capabilities.require(ReviewAdmin),
  };
}

/** A guest's review through the storefront form. */
async function review(domain: string, productId: string, fields: { rating: number; content: string; email: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ productId, rating: String(fields.rating), content: fields.content, firstName: 'Sam', email: fields.email }))
    form.set(k, v);
  const res = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Flow running an action through the emulator: its signed POST to the app, and the app's answer. */
const runAction = (domain: string, handle: string, properties: Record<string, unknown>, actionRunId?: string) =>
  stack.control<{ actionRunId: string; status: number; body: any }>(`/shops/${domain}/flow/actions/${handle}`, {
    properties,
    ...(actionRunId ? { action_run_id: actionRunId } : {}),
  });

test('a new review fires "review-created" with its product reference; a 1-star one also "negative-review-received"', async () => {
  const { domain, product } = await shop();
  const high = await review(domain, `gid://shopify/Product/${product.id}`, { rating: 5, content: 'Lovely, works perfectly every day.', email: uniq('high') });
  const low = await review(domain, `gid://shopify/Product/${product.id}`, { rating: 1, content: 'Broke after a week, disappointing.', email: uniq('low') });

  // each review's ReviewCreated handlers have started its triggers' workflows; once each has sent, the
  // emulator holds what Flow received (waiting on the workflows, not on a deadline: a busy machine is slow)
  for (const id of [high, low]) await triggersStartedFor(domain, id);
  for (const [trigger, id] of [
    ['review-created', high],
    ['review-created', low],
    ['negative-review-received', low],
  ] as const)
    expect(await triggerSent(domain, trigger, id)).toBe('sent');
  const all = await triggers(domain);
  const fired = { created: all.filter((t) => t.handle === 'review-created'), negative: all.filter((t) => t.handle === 'negative-review-received') };
  expect(fired.created).toHaveLength(2);
  expect(fired.negative).toHaveLength(1);
  const createdFor = (id: number) => fired.created.find((t) => t.payload['Review ID'] === id)!;
  expect(createdFor(high).payload).toMatchObject({
    product_id: Number(product.id),
    Rating: 5,
    'Reviewer name': 'Sam',
    Content: 'Lovely, works perfectly every day.',
  });
  expect(createdFor(low).payload).toMatchObject({ product_id: Number(product.id), Rating: 1 });
  expect(fired.negative[0].payload).toMatchObject({ product_id: Number(product.id), 'Review ID': low, Rating: 1 });
  expect(typeof fired.negative[0].payload['Negative threshold']).toBe('number');
  // numeric ids as Flow's reference fields take them, exact even above 2^53
  expect(String(createdFor(high).payload.product_id)).toMatch(/^\d+$/);
});

test('"Publish a review" run twice with one action_run_id acts once; a bad signature is refused and does nothing', async () => {
  const { domain, product, tenant, reviews } = await shop();
  const held = await reviews.create(tenant, {
    productId: `gid://shopify/Product/${product.id}`,
    productTitle: product.title,
    rating: 4,
    content: 'Held for moderation, then published.',
    firstName: 'Ann',
    status: 'unpublished',
  });
  expect(held.status).toBe('unpublished');

  const first = await runAction(domain, 'publish-review', { review_id: String(held.id) }, 'run-publish-1');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ ok: true, reviewId: held.id, status: 'published' });
  expect((await reviews.get(tenant, held.id))!.status).toBe('published');

  // the merchant unpublishes it; Flow then sends the same run again: the first outcome, nothing done
  await reviews.setStatus(tenant, held.id, 'unpublished');
  const repeat = await runAction(domain, 'publish-review', { review_id: String(held.id) }, 'run-publish-1');
  expect(repeat.status).toBe(200);
  expect(repeat.body).toEqual(first.body);
  expect((await reviews.get(tenant, held.id))!.status).toBe('unpublished');

  // a wrong or missing signature: 401, the review untouched, the run id not used up
  const raw = JSON.stringify({
    shop_id: '1',
    shopify_domain: domain,
    action_run_id: 'run-publish-2',
    handle: 'publish-review',
    properties: { review_id: String(held.id) },
  });
  const post = (headers: Record<string, string>) =>
    fetch(`${stack.appUrl}/flow/actions/publish-review`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  const forged = crypto.createHmac('sha256', 'not-the-app-secret').update(raw).digest('base64');
  expect((await post({ 'x-shopify-hmac-sha256': forged })).status).toBe(401);
  expect((await post({})).status).toBe(401);
  expect((await reviews.get(tenant, held.id))!.status).toBe('unpublished');
  const genuine = await runAction(domain, 'publish-review', { review_id: String(held.id) }, 'run-publish-2');
  expect(genuine.body).toMatchObject({ ok: true, status: 'published' });

  // an unknown review is an outcome Flow shows, stored like any other
  const missing = await runAction(domain, 'publish-review', { review_id: '999999999' });
  expect(missing).toMatchObject({ status: 200, body: { ok: false, code: 'NOT_FOUND' } });
});

test('"Send a review request for an order" queues the order\'s request once per action_run_id', async () => {
  const { domain, product } = await shop();
  const placed = await stack.control<{ order: { id: string; name: string } }>('/orders', { shop: domain, productHandles: [product.handle] });
  const first = await runAction(domain, 'send-review-request', { order_id: placed.order.id }, 'run-request-1');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ ok: true, orderId: placed.order.id, orderName: placed.order.name });
  const repeat = await runAction(domain, 'send-review-request', { order_id: placed.order.id }, 'run-request-1');
  expect(repeat.body).toEqual(first.body);
  // another run for the same order finds the request already there
  const other = await runAction(domain, 'send-review-request', { order_id: placed.order.id });
  expect(other.body).toMatchObject({ ok: true, created: false, orderId: placed.order.id });
});

/** What a trigger's workflow (one per review and trigger, `flow:<shop>:<trigger>:<key>`) ended with. */
const triggerSent = (domain: string, trigger: TriggerHandle, key: number) =>
  stack.api.runtime.services.temporal.client.workflow.getHandle(triggerWorkflowId(domain, trigger, key)).result();

/** Flow reporting, through the emulator, that a workflow using `trigger` was enabled or disabled. */
const lifecycle = (domain: string, trigger: string, enabled: boolean, timestamp?: string) =>
  stack.control<{ status: number; body: any }>(`/shops/${domain}/flow/lifecycle`, { trigger, enabled, ...(timestamp ? { timestamp } : {}) });

/** Once the review's ReviewCreated handlers have run: the Flow triggers it started. */
async function triggersStartedFor(domain: string, reviewId: number): Promise<string[]> {
  await eventDelivered(stack.api.runtime.services.temporal.client, ReviewCreated, reviewId);
  const started: string[] = [];
  for (const trigger of ['review-created', 'review-published', 'negative-review-received'] as const) {
    const id = trigger === 'review-published' ? `${reviewId}:created` : reviewId;
    const handle = stack.api.runtime.services.temporal.client.workflow.getHandle(triggerWorkflowId(domain, trigger, id));
    if (
      await handle.describe().then(
        () => true,
        () => false,
      )
    )
      started.push(trigger);
  }
  return started;
}

test("Flow's lifecycle callbacks decide: a trigger an enabled workflow uses fires, one none uses does not; the newer report wins; forged reports refused", async () => {
  // a shop that never turned Flow on in Plaudit
  const { domain, appToken } = await stack.installShop();
  const product = stack.emulator.store.shop(domain)!.products[0];
  const http = client(stack.appUrl, appToken);
  const earlier = new Date(Date.now() - 60_000).toISOString();

  expect(await lifecycle(domain, 'review-created', true)).toMatchObject({ status: 200, body: { ok: true, kept: true } });
  expect(await lifecycle(domain, 'negative-review-received', false)).toMatchObject({ status: 200, body: { ok: true, kept: true } });
  // a report older than the one kept (Flow: newer timestamps take precedence) changes nothing
  expect(await lifecycle(domain, 'review-created', false, earlier)).toMatchObject({ status: 200, body: { ok: true, kept: false } });
  const usage = (await http.get('/api/flow/trigger-usage')).body.data;
  expect(usage).toEqual({
    'review-created': { hasEnabledFlow: true, reportedAt: expect.any(String) },
    'negative-review-received': { hasEnabledFlow: false, reportedAt: expect.any(String) },
  });

  // a 1-star review: "review created" fires (a workflow uses it), "negative review" does not (none
  // does), "review published" neither (no report, and Flow is not on for the shop)
  const id = await review(domain, `gid://shopify/Product/${product.id}`, { rating: 1, content: 'Cracked on arrival, sadly.', email: uniq('lifecycle') });
  expect(await triggersStartedFor(domain, id)).toEqual(['review-created']);
  expect(await triggerSent(domain, 'review-created', id)).toBe('sent');
  const fired = (await triggers(domain)).filter((t) => t.payload['Review ID'] === id);
  expect(fired.map((t) => t.handle)).toEqual(['review-created']);

  // a report about a trigger the app does not have is answered 200 (Flow would block the workflow
  // otherwise) and not kept; a forged one is refused
  const raw = JSON.stringify({
    flow_trigger_definition_id: 'Add row to spreadsheet',
    has_enabled_flow: true,
    shop_id: 1,
    shopify_domain: domain,
    timestamp: new Date().toISOString(),
  });
  const post = (secret: string) =>
    fetch(`${stack.appUrl}/flow/lifecycle`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': crypto.createHmac('sha256', secret).update(raw).digest('base64') },
    });
  const unknown = await post(EMULATOR_API_SECRET);
  expect(unknown.status).toBe(200);
  expect(await unknown.json()).toEqual({ ok: true, kept: false, reason: 'Not a trigger of this app' });
  expect((await post('not-the-app-secret')).status).toBe(401);
  expect(Object.keys((await http.get('/api/flow/trigger-usage')).body.data).sort()).toEqual(['negative-review-received', 'review-created']);
});
