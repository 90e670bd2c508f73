// The stored readings follow the reviews on the real stack (PostgreSQL, Temporal, the worker's
// durable event handlers): a published review's topics reach its product's counts, a contradicting
// one is listed as needing a look, an edit reads it again, a deletion takes it out of the counts,
// and the full rebuild gives the same counts. Another shop's review is not found; bad input is a 400.
import { ReviewCreated } from '@plaudit/contracts/reviews';
import { client, createShop, eventually, eventWorkflowId, startTestApi, type TestApi } from '@plaudit/kernel/testing';

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

  // the full rebuild reads the published reviews again: the same counts
  const rebuilt = await http.post('/api/insights/rebuild');
  expect(rebuilt.body).toEqual({ reviews: 2 });
  expect(await productTopics()).toEqual({ sound: [2, 0], battery: [2, 0] });
  expect(byTopic((await http.get('/api/insights/topics')).body.topics)).toEqual({ sound: [2, 0], battery: [2, 0] });

  // another shop sees none of it; bad input is refused
  const other = client(api.url, (await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') })).token);
  expect((await other.get(`/api/insights/reviews/${english}`)).status).toBe(404);
  expect((await other.get('/api/insights/topics')).body.topics).toEqual([]);
  expect((await http.get('/api/insights/reviews/abc')).status).toBe(400);
  expect((await http.get('/api/insights/needs-look?limit=0')).status).toBe(400);
  expect((await http.get('/api/insights/topics?unknown=1')).status).toBe(400);
});

test("twenty reviews of one product written at once: the product's counts hold every one, each read at its first attempt", async () => {
  // Each review's reading recounts its product in its own transaction; before the per-product lock,
  // two at once both deleted and re-inserted the counts (a duplicate key, retried; or a count short).
  const { token } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const product = 'gid://shopify/Product/3502';
  const ids = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const content = i % 2 ? 'Great sound.' : 'The battery died after a week.';
      const res = await http.post('/api/reviews', { rating: i % 2 ? 5 : 2, content, productId: product, firstName: 'Sam', status: 'published' });
      expect(res.status).toBe(201);
      return res.body.id as number;
    }),
  );
  await eventually(async () => {
    const read = await Promise.all(ids.map(async (id) => (await http.get(`/api/insights/reviews/${id}`)).status === 200));
    return read.every(Boolean);
  }, 120_000);
  const topics = async () => byTopic((await http.get(`/api/insights/topics?productId=${encodeURIComponent(product)}`)).body.topics);
  expect(await topics()).toEqual({ sound: [10, 0], battery: [0, 10] });
  // and no reading needed a second attempt (the race failed one in two, then its retry counted right)
  const retried = await Promise.all(ids.map((id) => insightsAttempts(eventWorkflowId(ReviewCreated.name, id))));
  expect(retried.filter((attempts) => attempts > 1)).toEqual([]);
});

/** How many attempts the insights handler of an event's delivery took (its workflow's history). */
async function insightsAttempts(workflowId: string): Promise<number> {
  const handle = api.runtime.services.temporal.client.workflow.getHandle(workflowId);
  await handle.result();
  const events = (await handle.fetchHistory()).events ?? [];
  const plugin = new Map(
    events
      .filter((e) => e.activityTaskScheduledEventAttributes)
      .map((e) => [String(e.eventId), Buffer.from(e.activityTaskScheduledEventAttributes!.input!.payloads![0].data!).toString()]),
  );
  const started = events.find((e) => plugin.get(String(e.activityTaskStartedEventAttributes?.scheduledEventId)) === '"insights"');
  return started?.activityTaskStartedEventAttributes?.attempt ?? 0;
}
