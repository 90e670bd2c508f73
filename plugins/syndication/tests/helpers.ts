// The syndication tests' stack and helpers (syndication.test.ts, metaobject-hooks.test.ts): a shop on the
// store emulator with a review of the merchant's, its product_review metaobject as Shopify holds it, and waits on
// every writer of that metaobject (the events' deliveries, the re-sync, the metaobjects/* webhooks' processing).
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { client, eventDelivered, eventually, explained, startPlatformStack, startTestWorker, updateShop } from '@plaudit/kernel/testing';
import { reviewHandle } from '../shared/metaobject';

export type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
/** The file's stack (API, PostgreSQL, Temporal, the store emulator), once useSyndicationStack's beforeAll has run. */
export let stack: Stack;

/** Starts the file's stack and a worker of its own (task queue `<name>-<pid>`) before its tests; stops both after them. */
export function useSyndicationStack(name: string) {
  let stopWorker: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: `${name}-${process.pid}` });
    stopWorker = await startTestWorker(stack.api.config);
  }, 150_000);
  afterAll(async () => {
    await stopWorker?.();
    await stack?.close();
  });
}

export async function shop() {
  const installed = await stack.installShop();
  await updateShop(stack.api, installed.shop.id, { plan: 'pro' });
  const http = client(stack.appUrl, installed.appToken);
  const product = stack.emulator.store.shop(installed.domain)!.products[0];
  return { ...installed, http, productId: `gid://shopify/Product/${product.id}`, productTitle: product.title, productHandle: product.handle };
}

export type Shop = Awaited<ReturnType<typeof shop>>;

/** A review the merchant adds, published or not. */
export async function review(s: Shop, o: { status?: 'published' | 'unpublished'; content?: string } = {}): Promise<number> {
  const res = await s.http.post('/api/reviews', {
    productId: s.productId,
    productTitle: s.productTitle,
    productHandle: s.productHandle,
    rating: 4,
    title: 'Sturdy',
    content: o.content ?? 'Carries everything I need.',
    firstName: 'Ada',
    lastName: 'Lovelace',
    status: o.status ?? 'published',
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Turns the shop's syndication to Shopify on (or off), as the merchant does in its settings. */
export async function shopifyOn(s: Shop, on = true) {
  expect((await s.http.put('/api/syndication/settings', { shopifyEnabled: on })).status).toBe(200);
}

/** A shop syndicating to Shopify and a review of the merchant's, once the review's metaobject is there. */
export async function syndicatedReview() {
  const s = await shop();
  await shopifyOn(s);
  const id = await review(s);
  return { s, id, metaobject: await metaobjectWhen(s.domain, id) };
}

export const metaobjects = (domain: string) => stack.emulator.store.shop(domain)!.metaobjects.filter((m) => m.type === 'product_review');
export const metaobjectOf = (domain: string, reviewId: number) => metaobjects(domain).find((m) => m.handle === reviewHandle(reviewId));
/** Waits for the review's metaobject to satisfy `ok` (exist, by default). */
export const metaobjectWhen = (domain: string, reviewId: number, ok: (fields: Record<string, string>) => boolean = () => true, timeoutMs = 60_000) =>
  explained(
    temporal(),
    domain,
    eventually(async () => {
      const m = metaobjectOf(domain, reviewId);
      return m && ok(m.fields) ? m : undefined;
    }, timeoutMs),
    () => `the metaobject's fields: ${JSON.stringify(metaobjectOf(domain, reviewId)?.fields)}`,
  );
export const temporal = () => stack.api.runtime.services.temporal.client;
export const workflow = (id: string) => temporal().workflow.getHandle(id);
/** A workflow's result once it exists (the outbox hands a start to Temporal after the answer). */
export const resultOf = async (id: string) => {
  await eventually(() => workflow(id).describe(), 60_000);
  return workflow(id).result();
};
/**
 * Until the writers a new review has when Shopify was just turned on are done: the re-sync that
 * turning it on started (whose page may hold the review) and the review's ReviewCreated delivery.
 */
export const writersDone = async (s: Shop, reviewId: number) => {
  await eventually(async () => (await s.http.get('/api/syndication')).body.shopify.resync?.finishedAt, 60_000);
  await eventDelivered(temporal(), ReviewCreated, reviewId);
  await echoesProcessed(s.domain);
};
/** The metaobjects/* webhooks the store sent the shop so far (our writes' echoes among them), as it sent them. */
export const metaobjectWebhooks = (domain: string) => stack.emulator.webhooks.deliveries.filter((d) => d.shop === domain && d.topic.startsWith('metaobjects/'));
/** Until every metaobjects/* webhook the store has sent the shop is processed by the app: a hook reading one is a writer too. */
export const echoesProcessed = async (domain: string) => {
  await stack.emulator.webhooks.idle();
  const ids = metaobjectWebhooks(domain).map((d) => d.webhookId);
  await eventually(async () => {
    const rows: { status: string }[] = await stack.api.knex('webhook_deliveries').where({ shopDomain: domain }).whereIn('webhookId', ids);
    return rows.length === new Set(ids).size && rows.every((r) => r.status === 'processed');
  }, 60_000);
};
export const gone = (domain: string, reviewId: number) =>
  explained(
    temporal(),
    domain,
    eventually(async () => !metaobjectOf(domain, reviewId), 60_000),
  );
/** Waits until the app has taken `count` webhooks of the topic for the shop (those whose body has `marker`), each processed by the worker. */
export const processed = (domain: string, topic: string, count: number, marker = '') =>
  eventually(async () => {
    const rows: { status: string; payload: string }[] = await stack.api.knex('webhook_deliveries').where({ shopDomain: domain, topic });
    const taken = rows.filter((r) => r.payload.includes(marker));
    return taken.length === count && taken.every((r) => r.status === 'processed');
  }, 60_000);
