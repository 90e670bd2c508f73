// `ReviewAnalytics` against the run's PostgreSQL: a review counts on its local day in the shop's
// timezone (New York, Kolkata +5:30), the trash nowhere; stars, photo, video and sources; per-product
// days; the sweep reports moderated, re-dated and deleted reviews; a QR card's review is 'qr'.
import { client, createShop, startPlatformStack } from '@plaudit/kernel/testing';
import { ReviewAnalytics, type ReviewAnalyticsApi } from '@plaudit/contracts/reviews';
import { insertReviews, PRODUCT, shopOn } from './helpers';

jest.setTimeout(90_000);

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let source: ReviewAnalyticsApi;
const OTHER_PRODUCT = 'gid://shopify/Product/9007199254740993456';

beforeAll(async () => {
  stack = await startPlatformStack();
  source = stack.api.runtime.services.capabilities.require(ReviewAnalytics);
});
afterAll(() => stack?.close());

const tenantOf = (shop: { id: number; shopifyDomain: string }) => stack.api.runtime.services.tenant(shop.id, shop.shopifyDomain);
const image = [{ url: 'https://cdn.example/p.jpg', type: 'image' }];
const video = [{ url: 'https://cdn.example/v.mp4', type: 'video' }];
/** the database's clock: the sweep compares with updated_at as PostgreSQL stamps it */
const dbNow = async (): Promise<Date> => (await stack.api.knex.raw('SELECT clock_timestamp() AS now')).rows[0].now;
/**
 * A boundary between changes: the database's next millisecond, returned once its clock has passed
 * it. A Date has no microseconds, so a plain reading could fall before a change stamped in the same
 * millisecond (seen in CI). The fold itself reads two minutes back (FOLD_OVERLAP_MS).
 */
async function mark(): Promise<Date> {
  const boundary = new Date((await dbNow()).getTime() + 1);
  while ((await dbNow()) <= boundary);
  return boundary;
}

async function bucketsOf(shopId: number, since: Date, until: Date) {
  const touched = await source.touched(since, until);
  return (touched.find((t) => t.shopId === shopId)?.buckets ?? []).map((b) => b.toISOString());
}

test('a review counts on its local day in the shop timezone, the trash nowhere; stars, media, sources and products', async () => {
  const { shop } = await createShop(stack.api);
  const at = (iso: string) => new Date(iso);
  // 23:30 on the 9th in New York (EDT, UTC-4); 09:00 on the 10th in Kolkata
  await insertReviews(stack.api, shop.id, 1, {
    createdAt: at('2026-03-10T03:30:00Z'),
    rating: 5,
    source: 'customer',
    media: JSON.stringify(image),
    productTitle: 'Old Mug',
  });
  // 23:30 on the 10th in Kolkata (UTC+5:30)
  await insertReviews(stack.api, shop.id, 1, {
    createdAt: at('2026-03-10T18:00:00Z'),
    rating: 4,
    source: 'guest',
    media: JSON.stringify(video),
    productTitle: 'Mug',
  });
  // 00:15 on the 11th in Kolkata
  await insertReviews(stack.api, shop.id, 1, {
    createdAt: at('2026-03-10T18:45:00Z'),
    rating: 3,
    source: 'aliexpress',
    imported: true,
    productId: OTHER_PRODUCT,
    productTitle: 'Bowl',
  });
  await insertReviews(stack.api, shop.id, 1, {
    createdAt: at('2026-03-10T12:00:00Z'),
    rating: 2,
    source: 'imported',
    imported: true,
    status: 'unpublished',
    kind: 'store',
    productId: null,
  });
  // in the trash: counted nowhere, not even as the first day
  await insertReviews(stack.api, shop.id, 1, {
    createdAt: at('2026-03-01T12:00:00Z'),
    rating: 1,
    source: 'admin',
    status: 'trash',
    trashedFrom: 'published',
    deletedAt: new Date(),
  });
  const tenant = tenantOf(shop);

  expect(await source.days(tenant, { from: '2026-03-01', to: '2026-03-31', timezone: 'America/New_York' })).toEqual({
    '2026-03-09': { 'reviews.count': 1, 'reviews.rating_sum': 5, 'reviews.stars5': 1, 'reviews.with_photo': 1, 'reviews.source.customer': 1 },
    '2026-03-10': {
      'reviews.count': 3,
      'reviews.rating_sum': 9,
      'reviews.stars4': 1,
      'reviews.stars3': 1,
      'reviews.stars2': 1,
      'reviews.with_video': 1,
      'reviews.source.guest': 1,
      'reviews.source.marketplace': 1,
      'reviews.source.imported': 1,
    },
  });
  // the range's ends are local days: the 9th's 23:30 review is outside the 10th
  expect(Object.keys(await source.days(tenant, { from: '2026-03-10', to: '2026-03-10', timezone: 'America/New_York' }))).toEqual(['2026-03-10']);
  expect((await source.days(tenant, { from: '2026-03-10', to: '2026-03-10', timezone: 'America/New_York' }))['2026-03-10']['reviews.count']).toBe(3);

  const kolkata = await source.days(tenant, { from: '2026-03-10', to: '2026-03-11', timezone: 'Asia/Kolkata' });
  expect(kolkata['2026-03-10']).toMatchObject({ 'reviews.count': 3, 'reviews.rating_sum': 11, 'reviews.stars5': 1, 'reviews.stars4': 1, 'reviews.stars2': 1 });
  expect(kolkata['2026-03-11']).toEqual({ 'reviews.count': 1, 'reviews.rating_sum': 3, 'reviews.stars3': 1, 'reviews.source.marketplace': 1 });

  expect(await source.productDays!(tenant, { from: '2026-03-10', to: '2026-03-11', timezone: 'Asia/Kolkata' })).toEqual({
    '2026-03-10': [{ productKey: PRODUCT, count: 2, ratingSum: 9 }],
    '2026-03-11': [{ productKey: OTHER_PRODUCT, count: 1, ratingSum: 3 }],
  });

  expect(await source.firstDay(tenant, 'America/New_York')).toBe('2026-03-09');
  expect(await source.firstDay(tenant, 'Asia/Kolkata')).toBe('2026-03-10');
  const empty = (await createShop(stack.api)).shop;
  expect(await source.firstDay(tenantOf(empty), 'UTC')).toBeUndefined();
  expect(await source.days(tenantOf(empty), { from: '2026-03-01', to: '2026-03-31', timezone: 'UTC' })).toEqual({});

  // the latest review's title; another shop's products are not this shop's
  expect(await source.productTitles(tenant, [PRODUCT, OTHER_PRODUCT, 'gid://shopify/Product/1'])).toEqual({ [PRODUCT]: 'Mug', [OTHER_PRODUCT]: 'Bowl' });
  expect(await source.productTitles(tenantOf(empty), [PRODUCT])).toEqual({});
});

test('the sweep reports a review moderated, re-dated or deleted, by the buckets of its created_at', async () => {
  const { shop, http } = await shopOn(stack.api, 'pro');
  const [r] = await insertReviews(stack.api, shop.id, 1, { createdAt: new Date('2026-02-01T10:07:00Z'), source: 'admin', rating: 4 });
  const tenant = tenantOf(shop);
  const day = { from: '2026-02-01', to: '2026-02-03', timezone: 'UTC' };

  let since = await mark();
  expect((await http.post(`/api/reviews/${r.id}/unpublish`)).body.data.status).toBe('unpublished');
  let until = await mark();
  expect(await bucketsOf(shop.id, since, until)).toEqual(['2026-02-01T10:00:00.000Z']);
  // a later window has nothing of it
  expect(await bucketsOf(shop.id, until, await mark())).toEqual([]);
  expect((await source.days(tenant, day))['2026-02-01']['reviews.count']).toBe(1);

  since = await mark();
  expect((await http.delete(`/api/reviews/${r.id}`)).body).toMatchObject({ count: 1, purged: 0 });
  until = await mark();
  expect(await bucketsOf(shop.id, since, until)).toEqual(['2026-02-01T10:00:00.000Z']);
  expect(await source.days(tenant, day)).toEqual({});

  // restored and moved to another date by the merchant: both days are recounted
  await http.post(`/api/reviews/${r.id}/restore`);
  since = await mark();
  const moved = await http.put(`/api/reviews/${r.id}`, { rating: 4, content: 'Moved', createdAt: '2026-02-03T05:20:00Z' });
  expect(moved.status).toBe(200);
  until = await mark();
  expect(await bucketsOf(shop.id, since, until)).toEqual(['2026-02-01T10:00:00.000Z', '2026-02-03T05:15:00.000Z']);
  expect(Object.keys(await source.days(tenant, day))).toEqual(['2026-02-03']);

  // a shop without the recycle bin deletes for good: the sweep still sees the day lose it
  const free = await shopOn(stack.api, 'free-legacy');
  const [gone] = await insertReviews(stack.api, free.shop.id, 1, { createdAt: new Date('2026-02-02T23:59:00Z') });
  since = await mark();
  expect((await free.http.delete(`/api/reviews/${gone.id}`)).body).toMatchObject({ purged: 1 });
  until = await mark();
  expect(await bucketsOf(free.shop.id, since, until)).toEqual(['2026-02-02T23:45:00.000Z']);
});

test("a QR card's review counts as 'qr', the storefront form's as 'guest'", async () => {
  const installed = await stack.installShop();
  const http = client(stack.appUrl, installed.appToken);
  const mug = (await http.get('/api/manual-import?searchText=mug&limitPerPage=20')).body.data.find(
    (p: { handle: string }) => p.handle === 'ceramic-coffee-mug',
  );
  const { url } = (await http.post('/api/qrcodes', mug)).body;
  const form = (email: string) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({ productId: mug.productId, rating: '5', content: 'Keeps my coffee warm.', firstName: 'Mia', email })) f.set(k, v);
    return f;
  };
  expect((await fetch(url, { method: 'POST', body: form('qr@example.com') })).status).toBe(201);
  expect((await fetch(`${stack.appUrl}/storefront/reviews?shop=${installed.domain}`, { method: 'POST', body: form('shop@example.com') })).status).toBe(201);

  // the days around now, summed: the test may run across midnight
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const days = await source.days(tenantOf(installed.shop), { from: day(-1), to: day(1), timezone: 'UTC' });
  const total: Record<string, number> = {};
  for (const facts of Object.values(days)) for (const [name, n] of Object.entries(facts)) total[name] = (total[name] ?? 0) + n;
  expect(total).toMatchObject({ 'reviews.count': 2, 'reviews.source.qr': 1, 'reviews.source.guest': 1 });
});
