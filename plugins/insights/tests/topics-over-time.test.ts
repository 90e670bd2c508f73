// Topics over time on the real stack (PostgreSQL, Temporal, the durable review events, the shop's
// batching workflow, the analytics plugin's route): reviews written through the admin API with dates
// in two periods are read with the day they were written, and analytics' rating screen answers the
// complaints that rose and fell between the periods, per local day of the shop. Readings kept from
// before the date was stored (null) are filled by the rebuild. Another shop sees nothing.
import { client, createShop, eventually, startTestApi, type TestApi, withPlugins } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const PRODUCT = 'gid://shopify/Product/3551';
// Monday to Sunday in New York; the period before is 2026-09-28 to 2026-10-04
const PERIOD = 'from=2026-10-05&to=2026-10-11';
const SLOW = 'Delivery was very slow.';
const SMALL = 'Runs too small, it does not fit.';

withPlugins('analytics')('complaints that rose and fell between two periods, per local day, through the analytics route', async () => {
  const { token, shop } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01'), ianaTimezone: 'America/New_York' });
  const http = client(api.url, token);
  const write = async (createdAt: string, rating: number, content: string, status: 'published' | 'unpublished' = 'published') => {
    const res = await http.post('/api/reviews', { rating, content, productId: PRODUCT, firstName: 'Sam', status, createdAt });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const ids = [
    // the period before: two delivery complaints, one about the fit
    await write('2026-09-29T15:00:00Z', 2, SLOW),
    await write('2026-10-02T15:00:00Z', 2, 'The parcel arrived late and the delivery was slow.'),
    await write('2026-10-03T15:00:00Z', 2, 'It does not fit.'),
    // the period: three fit complaints (the last at 23:30 on Sunday in New York, Monday in UTC), delivery praised
    await write('2026-10-06T15:00:00Z', 1, SMALL),
    await write('2026-10-07T15:00:00Z', 5, 'Fast delivery.'),
    await write('2026-10-08T15:00:00Z', 2, 'Too small, the fit is wrong.'),
    await write('2026-10-12T03:30:00Z', 1, 'Way too small and the fit is awful.'),
    // not counted: unpublished, and Monday 01:00 in New York (after the period)
    await write('2026-10-09T15:00:00Z', 1, SMALL, 'unpublished'),
    await write('2026-10-12T05:00:00Z', 1, SMALL),
  ];
  const read = async () => (await Promise.all(ids.map((id) => http.get(`/api/insights/reviews/${id}`)))).every((r) => r.status === 200);
  await eventually(read, 60_000);

  const topics = async () => {
    const res = await http.get(`/api/analytics/rating?${PERIOD}`);
    expect(res.status).toBe(200);
    return res.body.topics;
  };
  const fit = { topic: 'fit', negative: 3, previousNegative: 1, positive: 0, series: [0, 1, 0, 1, 0, 0, 1] };
  const delivery = { topic: 'delivery', negative: 0, previousNegative: 2, positive: 1, series: [0, 0, 0, 0, 0, 0, 0] };
  const expected = {
    buckets: ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09', '2026-10-10', '2026-10-11'],
    rising: [fit],
    falling: [delivery],
    all: [fit, delivery],
  };
  expect(await topics()).toEqual(expected);

  // a longer period (35 days) is drawn per week, from Mondays
  const weeks = (await http.get('/api/analytics/rating?from=2026-09-07&to=2026-10-11')).body.topics;
  expect(weeks.buckets).toEqual(['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05']);
  expect(weeks.all).toEqual([
    { topic: 'fit', negative: 4, previousNegative: 0, positive: 0, series: [0, 0, 0, 1, 3] },
    { topic: 'delivery', negative: 2, previousNegative: 0, positive: 1, series: [0, 0, 0, 2, 0] },
  ]);

  // readings kept from before the written date was stored have none: the rebuild gives it back
  await api.knex('insight_reviews').where({ shop_id: shop.id }).update({ written_at: null });
  expect(await topics()).toEqual({ buckets: expected.buckets, rising: [], falling: [], all: [] });
  const rebuild = await http.post('/api/insights/rebuild');
  expect(rebuild.status).toBe(202);
  await api.runtime.services.temporal.client.workflow.getHandle(rebuild.body.workflowId).result();
  expect(await topics()).toEqual(expected);

  // another shop sees none of it; a bad period is still a 400
  const other = client(api.url, (await createShop(api, { plan: 'advanced', ianaTimezone: 'America/New_York' })).token);
  expect((await other.get(`/api/analytics/rating?${PERIOD}`)).body.topics).toEqual({ buckets: expected.buckets, rising: [], falling: [], all: [] });
  expect((await http.get('/api/analytics/rating?from=2026-10-11&to=2026-10-05')).status).toBe(400);
});
