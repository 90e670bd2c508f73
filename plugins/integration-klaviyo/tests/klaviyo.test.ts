// Klaviyo end to end on the real stack (API, PostgreSQL, Temporal with this file's own worker, the
// SMTP sink, the store emulator and the integrations emulator's Klaviyo): connecting with a wrong and
// a right private key; a guest review and its publication reaching Klaviyo once each; a delivery
// repeated (the event handed over twice, the activity retried) stored once; a throttled burst
// delivered in full after Retry-After; a revoked key disconnecting the integration with one mail to
// the merchant; a disconnected shop sending nothing; a request eligible sent once with its products
// and one-click rating links, and the reviews count on the reviewer's profile.
import crypto from 'node:crypto';
import type { ActivityDeps } from '@plaudit/kernel';
import { client, eventually, listMail, updateShop, usePlatformStackWithWorker } from '@plaudit/kernel/testing';
import { createActivities, createEventHandlers } from '../activities';
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { RequestEligible, type RequestEligiblePayload } from '@plaudit/contracts/review-requests';
import type { DeliveryInput } from '../shared/klaviyo';

jest.setTimeout(150_000);

const env = usePlatformStackWithWorker('klaviyo');

/** an event as the emulated Klaviyo stored it */
interface StoredEvent {
  key: string;
  metric: string;
  email: string | null;
  firstName: string | null;
  profileProperties: Record<string, unknown>;
  properties: Record<string, any>;
  uniqueId: string | null;
  revision: string;
}

const uniq = (name: string) => `${name}-${Date.now()}-${crypto.randomBytes(3).toString('hex')}`;
const vendor = (action: string, body: object = {}) => env.stack.integrations.control('klaviyo', action, body);
const eventsOf = (key: string) => (vendor('events') as StoredEvent[]).filter((e) => e.key === key);
const answersTo = (key: string) =>
  env.stack.integrations.received.filter((r) => r.vendor === 'klaviyo' && r.headers.authorization === `Klaviyo-API-Key ${key}`);
// one spool for every test file, whose databases repeat shop ids: the shop's domain tells them apart
const revokedMails = (domain: string, shopId: number) =>
  listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain && m.messageId?.startsWith(`<klaviyo-revoked-${shopId}-`));

/** An installed shop holding reviews for moderation (so publishing is its own event), with an email. */
async function shop() {
  const installed = await env.stack.installShop();
  const email = `${uniq('merchant')}@example.com`;
  await updateShop(env.stack.api, installed.shop.id, { email });
  const http = client(env.stack.appUrl, installed.appToken);
  expect((await http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  const product = env.stack.emulator.store.shop(installed.domain)!.products[0];
  return { ...installed, email, http, productId: `gid://shopify/Product/${product.id}`, handle: product.handle, productTitle: product.title };
}

/** A shop connected to Klaviyo with a fresh valid key. */
async function connected() {
  const s = await shop();
  const key = `pk_${crypto.randomBytes(16).toString('hex')}`;
  vendor('key', { key });
  const res = await s.http.put('/api/integrations/klaviyo', { privateKey: key });
  expect(res.status).toBe(200);
  return { ...s, key };
}

/** A guest's review through the storefront form. */
async function review(domain: string, productId: string, fields: { rating: number; email: string; content?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    productId,
    rating: String(fields.rating),
    content: fields.content ?? 'Lovely fabric, runs a little large.',
    firstName: 'Sam',
    lastName: 'Rivera',
    email: fields.email,
  }))
    form.set(k, v);
  const res = await fetch(`${env.stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const workflow = (id: string) => env.stack.api.runtime.services.temporal.client.workflow.getHandle(id);

const exists = (id: string) =>
  workflow(id)
    .describe()
    .then(
      (d) => d.status.name,
      () => undefined,
    );

/**
 * The outcome of the review's submitted delivery, or 'none' when its ReviewCreated started none: the
 * delivery as soon as it runs, without waiting for the event's other listeners (other plugins' work,
 * slow on a busy machine); 'none' only once the event's delivery has finished without starting it.
 */
async function submittedDelivery(domain: string, reviewId: number): Promise<string> {
  const deliveryId = `klaviyo:${domain}:review-submitted:${reviewId}`;
  const started = await eventually(async () => {
    if (await exists(deliveryId)) return 'started';
    if ((await exists(`event:${ReviewCreated.name}:${reviewId}`)) !== 'COMPLETED') return undefined;
    return (await exists(deliveryId)) ? 'started' : 'none';
  }, 120_000);
  return started === 'started' ? workflow(deliveryId).result() : 'none';
}

/** The delivery workflow's outcome, once its event has started it. */
async function outcome(workflowId: string): Promise<string> {
  const handle = workflow(workflowId);
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

test('connect: a missing key, a wrong one, then the right one; the key never comes back', async () => {
  const { http } = await shop();
  const key = `pk_${crypto.randomBytes(16).toString('hex')}`;
  vendor('key', { key });

  const missing = await http.put('/api/integrations/klaviyo', {});
  expect(missing.status).toBe(400);
  expect(missing.body.errors).toEqual({ privateKey: 'This field is required' });

  const wrong = await http.put('/api/integrations/klaviyo', { privateKey: 'pk_not_a_key' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe('Please re-check the App ID, Secret key or network condition');
  expect((await http.get('/api/integrations/klaviyo')).body.data.status).toBe('disconnected');
  // the verifying call was Klaviyo's own: the account of the key, with a dated revision
  const verify = answersTo('pk_not_a_key').at(-1)!;
  expect(verify).toMatchObject({ method: 'GET', path: '/api/accounts', status: 401 });
  expect(verify.headers.revision).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const right = await http.put('/api/integrations/klaviyo', { privateKey: key });
  expect(right.status).toBe(200);
  expect(right.body.data).toMatchObject({ app: 'klaviyo', status: 'connected' });
  const read = await http.get('/api/integrations/klaviyo');
  expect(read.body.data.status).toBe('connected');
  expect(JSON.stringify(right.body)).not.toContain(key);
  expect(JSON.stringify(read.body)).not.toContain(key);
});

test('a review reaches Klaviyo once when submitted and once when published; repeated deliveries are stored once', async () => {
  const { domain, shop: row, http, key, productId, handle, productTitle } = await connected();
  const email = `${uniq('buyer')}@example.com`;
  const id = await review(domain, productId, { rating: 4, email });

  expect(await submittedDelivery(domain, id)).toBe('sent');
  const [submitted, ...more] = eventsOf(key);
  expect(more).toEqual([]);
  expect(submitted).toMatchObject({
    metric: 'Plaudit Review Submitted',
    email,
    firstName: 'Sam',
    uniqueId: `klaviyo:${domain}:review-submitted:${id}`,
    profileProperties: { 'Plaudit Last Rating': 4 },
    properties: {
      review_id: id,
      rating: 4,
      content: 'Lovely fabric, runs a little large.',
      product_id: productId,
      product_title: productTitle,
      product_url: `https://${domain}/products/${handle}`,
    },
  });
  const post = answersTo(key).find((r) => r.method === 'POST')!;
  expect(post.headers['content-type']).toBe('application/vnd.api+json');
  expect(post.status).toBe(202);

  expect((await http.post(`/api/reviews/${id}/publish`)).status).toBe(200);
  expect(await outcome(`klaviyo:${domain}:review-published:${id}`)).toBe('sent');
  expect(eventsOf(key).map((e) => e.metric)).toEqual(['Plaudit Review Submitted', 'Plaudit Review Published']);

  // the durable event handed over again (a redelivery): its workflow id is taken, nothing is started
  const handlers = createEventHandlers(env.stack.api.runtime.services as unknown as ActivityDeps);
  await handlers.handle(ReviewCreated, {
    shopId: row.id,
    shopDomain: domain,
    reviewId: id,
    productId,
    rating: 4,
    source: 'guest',
    status: 'pending',
    orderId: null,
    queueEntryId: null,
    mediaCount: 0,
  });
  // the activity run again (a retry after the worker died once Klaviyo had answered): Klaviyo stores it once
  const steps = createActivities(env.stack.api.runtime.services as unknown as ActivityDeps);
  const input: DeliveryInput = {
    shopId: row.id,
    shopDomain: domain,
    event: 'review-published',
    reviewId: id,
    uniqueId: `klaviyo:${domain}:review-published:${id}`,
    at: new Date().toISOString(),
  };
  expect(await steps.klaviyoSendEvent(input)).toBe('sent');
  expect(answersTo(key).filter((r) => r.method === 'POST' && r.status === 202)).toHaveLength(3);
  expect(eventsOf(key).map((e) => e.metric)).toEqual(['Plaudit Review Submitted', 'Plaudit Review Published']);
});

test('a throttled burst is delivered in full after Retry-After, one workflow per review of a bulk publication', async () => {
  const { domain, http, key, productId } = await connected();
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) ids.push(await review(domain, productId, { rating: 1 + i, email: `${uniq(`burst${i}`)}@example.com` }));
  await eventually(async () => eventsOf(key).length === 4, 30_000);

  vendor('throttle', { count: 6 });
  expect((await http.post('/api/reviews/bulk/publish', { ids })).status).toBe(200);
  const published = await eventually(async () => {
    const found = eventsOf(key).filter((e) => e.metric === 'Plaudit Review Published');
    return found.length === 4 && found;
  }, 45_000);
  expect(published.map((e) => e.properties.review_id).sort()).toEqual([...ids].sort());
  const throttled = answersTo(key).filter((r) => r.status === 429);
  expect(throttled).toHaveLength(6);
  for (const id of ids) expect(await outcome(`klaviyo:${domain}:review-published:${id}`)).toBe('sent');
});

test('a revoked key disconnects the integration with its reason and mails the merchant once', async () => {
  const { domain, shop: row, http, key, productId } = await connected();
  vendor('revoke', { key });
  const first = await review(domain, productId, { rating: 5, email: `${uniq('rev1')}@example.com` });
  const second = await review(domain, productId, { rating: 3, email: `${uniq('rev2')}@example.com` });
  const outcomes = await Promise.all([first, second].map((id) => submittedDelivery(domain, id)));
  // the first to meet the refusal disconnected it; the other was refused too or found it disconnected
  expect(outcomes).toContain('revoked');
  for (const o of outcomes) expect(['revoked', 'not_connected', 'none']).toContain(o);
  expect(outcomes.filter((o) => o === 'revoked').length).toBeGreaterThanOrEqual(1);

  const state = (await http.get('/api/integrations/klaviyo')).body.data;
  expect(state).toMatchObject({ status: 'disconnected' });
  expect(state.reason).toMatch(/^Klaviyo refused the private API key \(403\)/);
  const mails = await eventually(async () => revokedMails(domain, row.id).length > 0 && revokedMails(domain, row.id), 30_000);
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe('Klaviyo was disconnected from Plaudit');
  expect(mails[0].envelopeTo).toEqual([expect.stringMatching(/^merchant-/)]);
  expect(eventsOf(key)).toEqual([]);

  // a later review starts nothing: the shop is no longer connected
  const later = await review(domain, productId, { rating: 4, email: `${uniq('rev3')}@example.com` });
  expect(await submittedDelivery(domain, later)).toBe('none');
  expect(revokedMails(domain, row.id)).toHaveLength(1);
});

test('disconnecting stops the events', async () => {
  const { domain, http, key, productId } = await connected();
  const before = await review(domain, productId, { rating: 5, email: `${uniq('before')}@example.com` });
  expect(await submittedDelivery(domain, before)).toBe('sent');

  const res = await http.delete('/api/integrations/klaviyo');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ status: 'disconnected', reason: null });

  const after = await review(domain, productId, { rating: 2, email: `${uniq('after')}@example.com` });
  expect(await submittedDelivery(domain, after)).toBe('none');
  expect(eventsOf(key).map((e) => e.properties.review_id)).toEqual([before]);
});

test('a request eligible reaches Klaviyo once with its products and rating links; review events carry the reviews count', async () => {
  const { domain, shop: row, key, productId, productTitle } = await connected();
  const email = `${uniq('eligible')}@example.com`;
  const requestId = 1000 + crypto.randomInt(1_000_000);
  const ratingUrls = (n: number) =>
    Object.fromEntries(
      [1, 2, 3, 4, 5].map((s) => [String(s), `https://app.example/r/${requestId}/${n}?rating=${s}`]),
    ) as RequestEligiblePayload['products'][number]['ratingUrls'];
  const other = env.stack.emulator.store.shop(domain)!.products[1];
  const otherId = `gid://shopify/Product/${other.id}`;
  const eligible: RequestEligiblePayload = {
    shopId: row.id,
    shopDomain: domain,
    requestId,
    orderId: 'gid://shopify/Order/4242',
    orderName: '#4242',
    customer: { email, firstName: 'Ada', lastName: 'Byron', locale: 'en' },
    products: [
      { productId, title: productTitle, imageUrl: 'https://cdn.example/a.png', reviewUrl: `https://app.example/r/${requestId}/1`, ratingUrls: ratingUrls(1) },
      { productId: otherId, title: other.title, imageUrl: null, reviewUrl: `https://app.example/r/${requestId}/2`, ratingUrls: ratingUrls(2) },
    ],
    sentBy: null,
    at: new Date().toISOString(),
  };
  // the durable event handed to the handler, twice (a redelivery): one workflow, one Klaviyo event
  const handlers = createEventHandlers(env.stack.api.runtime.services as unknown as ActivityDeps);
  await handlers.handle(RequestEligible, eligible);
  await handlers.handle(RequestEligible, eligible);
  expect(await outcome(`klaviyo:${domain}:request-eligible:${requestId}`)).toBe('sent');
  const sent = eventsOf(key).filter((e) => e.metric === 'Plaudit Review Request Eligible');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    email,
    firstName: 'Ada',
    uniqueId: `klaviyo:${domain}:request-eligible:${requestId}`,
    properties: { request_id: requestId, order_id: 'gid://shopify/Order/4242', order_name: '#4242', 'Product Names': [productTitle, other.title] },
  });
  expect(sent[0].properties.products).toEqual(
    eligible.products.map((p) => ({
      product_id: p.productId,
      product_title: p.title,
      image_url: p.imageUrl,
      review_url: p.reviewUrl,
      rating_url_1: p.ratingUrls['1'],
      rating_url_2: p.ratingUrls['2'],
      rating_url_3: p.ratingUrls['3'],
      rating_url_4: p.ratingUrls['4'],
      rating_url_5: p.ratingUrls['5'],
    })),
  );

  // the same customer reviews twice: the second review's profile says two reviews, and the last rating
  const first = await review(domain, productId, { rating: 5, email });
  expect(await submittedDelivery(domain, first)).toBe('sent');
  const second = await review(domain, otherId, { rating: 3, email: email.toUpperCase() });
  expect(await submittedDelivery(domain, second)).toBe('sent');
  const submitted = (id: number) => eventsOf(key).find((e) => e.metric === 'Plaudit Review Submitted' && e.properties.review_id === id)!;
  expect(submitted(first).profileProperties).toEqual({ 'Plaudit Last Rating': 5, 'Plaudit Reviews Count': 1 });
  expect(submitted(second).profileProperties).toEqual({ 'Plaudit Last Rating': 3, 'Plaudit Reviews Count': 2 });
});
