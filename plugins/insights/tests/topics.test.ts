// The stored readings follow the reviews on the real stack (PostgreSQL, Temporal, the worker's
// durable event handlers and the shop's batching workflow): a published review's topics reach its
// product's counts, a contradicting one is listed as needing a look, an edit reads it again, a
// deletion takes it out of the counts, and the rebuild workflow gives the same counts. A burst of
// reviews is read in a few batches. Another shop's review is not found; bad input is a 400.
import { ReviewLabels, ReviewTexts } from '@plaudit/contracts/reviews';
import { client, createShop, eventually, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { finishRebuild } from '../db/rebuild';
import { rebuildProgressQuery, shopBatchesQuery, shopWorkflowId, type RebuildProgress } from '../workflows/messages';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const PRODUCT = 'gid://shopify/Product/3501';
type Topic = { topic: string; positive: number; negative: number };
const byTopic = (topics: Topic[]) => Object.fromEntries(topics.map((t) => [t.topic, [t.positive, t.negative]]));

test("a product's topics follow its reviews as they are written, edited and deleted; the rebuild agrees", async () => {
  const { token } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const write = async (rating: number, content: string) => {
    const res = await http.post('/api/reviews', { rating, content, productId: PRODUCT, firstName: 'Sam', status: 'published' });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const reading = async (id: number) => {
    const res = await http.get(`/api/insights/reviews/${id}`);
    return res.status === 200 ? res.body : undefined;
  };
  const productTopics = async () => byTopic((await http.get(`/api/insights/topics?productId=${encodeURIComponent(PRODUCT)}`)).body.topics);

  const english = await write(4, 'Great sound, but the battery died after a week.');
  const german = await write(5, 'Toller Klang und der Akku hält ewig.');
  const contradicting = await write(5, 'Broke after a day and the sound is awful.');
  await eventually(async () => (await reading(english)) && (await reading(german)) && (await reading(contradicting)), 60_000);

  expect((await reading(english)).topics).toEqual([
    { topic: 'battery', sentiment: -1 },
    { topic: 'sound', sentiment: 1 },
  ]);
  expect(await reading(german)).toMatchObject({ language: 'de', lookReasons: [] });
  expect(await productTopics()).toEqual({ sound: [2, 1], battery: [1, 1], durability: [0, 1] });
  expect((await http.get('/api/insights/needs-look')).body.items).toEqual([{ reviewId: contradicting, lookReasons: ['contradiction'] }]);

  // an edit is read again
  expect((await http.put(`/api/reviews/${english}`, { content: 'Great sound and the battery lasts for days.' })).status).toBe(200);
  await eventually(async () => (await reading(english))?.topics.every((t: { sentiment: number }) => t.sentiment === 1), 60_000);
  expect(await productTopics()).toEqual({ sound: [2, 1], battery: [2, 0], durability: [0, 1] });

  // a deleted review leaves the counts
  expect((await http.delete(`/api/reviews/${contradicting}`)).status).toBe(200);
  await eventually(async () => !(await productTopics()).durability, 60_000);
  expect(await productTopics()).toEqual({ sound: [2, 0], battery: [2, 0] });
  expect((await http.get('/api/insights/needs-look')).body.items).toEqual([]);

  // the full rebuild reads every review again (the deleted one is in the recycle bin): the same counts
  const [rebuild, again] = await Promise.all([http.post('/api/insights/rebuild'), http.post('/api/insights/rebuild')]);
  expect(rebuild.status).toBe(202);
  // a second start while the first runs answers with the running one
  expect(again.body).toEqual(rebuild.body);
  const result = await rebuildResult(rebuild.body.workflowId);
  expect(result).toMatchObject({ state: 'completed', total: 3, read: 3 });
  expect((await http.get('/api/insights/rebuild')).body).toEqual({ progress: result });
  expect(await productTopics()).toEqual({ sound: [2, 0], battery: [2, 0] });
  expect(byTopic((await http.get('/api/insights/topics')).body.topics)).toEqual({ sound: [2, 0], battery: [2, 0] });
  expect(await reading(contradicting)).toMatchObject({ published: false, lookReasons: [] });

  // another shop sees none of it; bad input is refused
  const other = client(api.url, (await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') })).token);
  expect((await other.get(`/api/insights/reviews/${english}`)).status).toBe(404);
  expect((await other.get('/api/insights/topics')).body.topics).toEqual([]);
  expect((await other.get('/api/insights/rebuild')).body).toEqual({ progress: null });
  expect((await http.get('/api/insights/reviews/abc')).status).toBe(400);
  expect((await http.get('/api/insights/needs-look?limit=0')).status).toBe(400);
  expect((await http.get('/api/insights/topics?unknown=1')).status).toBe(400);
});

test("fifty reviews of one product written at once are read in a few batches; the product's counts hold every one", async () => {
  const { token, shop } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const product = 'gid://shopify/Product/3502';
  const ids = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const content = i % 2 ? 'Great sound.' : 'The battery died after a week.';
      const res = await http.post('/api/reviews', { rating: i % 2 ? 5 : 2, content, productId: product, firstName: 'Sam', status: 'published' });
      expect(res.status).toBe(201);
      return res.body.id as number;
    }),
  );
  const shopBatches = () => api.runtime.services.temporal.client.workflow.getHandle(shopWorkflowId(shop.shopifyDomain)).query(shopBatchesQuery);
  // every reading stored (each batch recounts its products in the same transaction)
  await eventually(
    async () => (await Promise.all(ids.map(async (id) => (await http.get(`/api/insights/reviews/${id}`)).status === 200))).every(Boolean),
    120_000,
  );
  const topics = async () => byTopic((await http.get(`/api/insights/topics?productId=${encodeURIComponent(product)}`)).body.topics);
  expect(await topics()).toEqual({ sound: [25, 0], battery: [0, 25] });
  // while changes keep coming, a batch gathers them for a second: a burst is not read one by one
  const { batches, waiting } = await shopBatches();
  expect(waiting).toBe(0);
  expect(batches).toBeLessThanOrEqual(10);

  // the rebuild's pages read the same fifty
  const rebuild = await http.post('/api/insights/rebuild');
  expect(await rebuildResult(rebuild.body.workflowId)).toMatchObject({ state: 'completed', total: 50, read: 50 });
  expect(await topics()).toEqual({ sound: [25, 0], battery: [0, 25] });
});

test('sample reviews, which carry no per-review events, are read when seeded and forgotten when removed', async () => {
  const { token } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const shopTopics = async () => byTopic((await http.get('/api/insights/topics')).body.topics);
  expect((await http.post('/api/reviews/demo')).status).toBe(201);
  // the demo's texts speak of quality and delivery ("Great quality and fast shipping"); the rebuild reads them all
  await eventually(async () => Boolean((await shopTopics()).quality && (await shopTopics()).delivery), 120_000);
  expect((await http.delete('/api/reviews/demo')).body.count).toBe(300);
  await eventually(async () => Object.keys(await shopTopics()).length === 0, 120_000);
});

test("the rebuild's end forgets the readings of reviews gone while its pages passed, not only past the last page", async () => {
  const { token, shop } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const ids: number[] = [];
  for (const content of ['Great sound.', 'The battery is terrible.'])
    ids.push((await http.post('/api/reviews', { rating: 4, content, productId: PRODUCT, firstName: 'Sam', status: 'published' })).body.id);
  await eventually(async () => (await api.knex('insight_reviews').where({ shop_id: shop.id })).length === 2, 60_000);
  // a reading left behind by a page already passed: its review (an id below the shop's first) is not the shop's
  const [kept] = await api.knex('insight_reviews').where({ shop_id: shop.id, review_id: ids[0] });
  await api.knex('insight_reviews').insert({ ...kept, reviewId: ids[0] - 1 });

  const { services } = api.runtime;
  const sources = { texts: services.capabilities.require(ReviewTexts), labels: services.capabilities.get(ReviewLabels) };
  await finishRebuild(services.knex, sources, services.tenant(shop.id, shop.shopifyDomain));
  const left = await api.knex('insight_reviews').where({ shop_id: shop.id }).orderBy('review_id');
  expect(left.map((r) => Number(r.reviewId))).toEqual(ids);
});

/** The rebuild's result, once it completed; its progress query answers the same. */
async function rebuildResult(workflowId: string): Promise<RebuildProgress> {
  const handle = api.runtime.services.temporal.client.workflow.getHandle(workflowId);
  const result = await handle.result();
  expect(await handle.query(rebuildProgressQuery)).toEqual(result);
  return result;
}
