// Insights' labels in Manage reviews (labels/, through the reviews plugin's `reviews.labels`), on the
// real stack: reviews written through the reviews API are read by the worker, and the list's API
// then shows a 5-star review saying it broke after a day under "Needs a look", and finds reviews by
// topic and tone. An edit reads the review again and the flag goes; the rebuild writes the labels
// anew. Another shop sees none of them.
import { ReviewLabels } from '@plaudit/contracts/reviews';
import { client, createShop, eventually, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const PRODUCT = 'gid://shopify/Product/3511';
type Label = { source: string; group: string; key: string; tone: string | null };
type Row = { id: number; labels: Label[] };

test('a 5-star review that broke after a day needs a look; topics and tones filter Manage reviews', async () => {
  const { token, shop } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const write = async (rating: number, content: string) => {
    const res = await http.post('/api/reviews', { rating, content, productId: PRODUCT, firstName: 'Sam', status: 'published' });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const list = async (query: string): Promise<Row[]> => {
    const res = await http.get(`/api/reviews?limit=100&${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const ids = async (query: string) => (await list(query)).map((r) => r.id).sort((a, b) => a - b);
  const labelsOf = async (id: number) => (await list('')).find((r) => r.id === id)?.labels;

  const broke = await write(5, 'Broke after a day and the sound is awful.');
  const mixed = await write(4, 'Great sound, but the battery died after a week.');
  const german = await write(5, 'Toller Klang und der Akku hält ewig.');
  await eventually(async () => (await Promise.all([broke, mixed, german].map(labelsOf))).every((l) => l && l.length > 0), 60_000);

  expect(await ids('needsLook=true')).toEqual([broke]);
  expect(await labelsOf(broke)).toEqual([
    { source: 'insights', group: 'needs-look', key: 'contradiction', tone: 'flag' },
    { source: 'insights', group: 'topic', key: 'durability', tone: 'negative' },
    { source: 'insights', group: 'topic', key: 'sound', tone: 'negative' },
  ]);
  expect(await ids('label=topic:sound&tone=positive')).toEqual([mixed, german]);
  expect(await ids('label=topic:sound&tone=negative')).toEqual([broke]);
  expect(await ids('label=topic:battery&tone=negative')).toEqual([mixed]);
  expect(await ids('label=needs-look:contradiction&tab=published')).toEqual([broke]);
  const facets = (await http.get('/api/reviews/labels')).body;
  expect(facets).toMatchObject({ mentions: { positive: 3, negative: 3 }, needsLook: 1 });
  expect(facets.groups.map((g: { group: string; source: string }) => [g.group, g.source])).toEqual([
    ['needs-look', 'insights'],
    ['topic', 'insights'],
  ]);

  // another shop's list has none of it
  const other = client(api.url, (await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') })).token);
  expect((await other.get('/api/reviews?needsLook=true')).body.data).toEqual([]);
  expect((await other.get('/api/reviews/labels')).body).toEqual({ groups: [], mentions: { positive: 0, negative: 0 }, needsLook: 0 });

  // the merchant's edit is read again: praise with five stars needs no look
  expect((await http.put(`/api/reviews/${broke}`, { content: 'Great sound and still going strong.' })).status).toBe(200);
  await eventually(async () => (await ids('needsLook=true')).length === 0, 60_000);
  const edited = await labelsOf(broke);
  expect(edited).toContainEqual({ source: 'insights', group: 'topic', key: 'sound', tone: 'positive' });
  expect(edited!.filter((l) => l.tone !== 'positive')).toEqual([]);

  // the rebuild writes every review's labels anew
  await api.runtime.services.capabilities.require(ReviewLabels).clear(api.runtime.services.tenant(shop.id, shop.shopifyDomain), 'insights');
  expect(await ids('label=topic:sound')).toEqual([]);
  const rebuild = await http.post('/api/insights/rebuild');
  expect(rebuild.status).toBe(202);
  await api.runtime.services.temporal.client.workflow.getHandle(rebuild.body.workflowId).result();
  expect(await ids('label=topic:sound&tone=positive')).toEqual([broke, mixed, german]);
  expect(await ids('label=topic:battery')).toEqual([mixed, german]);
});
