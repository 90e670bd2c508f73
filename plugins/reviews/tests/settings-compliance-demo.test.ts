// General settings, compliance hooks (redact anonymises, export lists) and demo data.
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { tenantFor } from '@plaudit/kernel';
import { createPlatformHooks } from '../activities';
import { productSummaries } from '../db/summaries';
import { insertReviews, PRODUCT, shopOn } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('settings have defaults, are validated and saved per shop', async () => {
  const { http } = await shopOn(api, 'pro');
  expect((await http.get('/api/reviews/settings')).body.data).toEqual({
    autoPublish: 'all',
    autoPublishHeldAfterDays: 14,
    trashRetentionDays: 30,
    customerEligibility: 'everyone',
    richSnippets: true,
    ugcDisplay: true,
    enabledEmailNewReview: true,
    enabledEmailNegativeReview: true,
    receiverNewReview: null,
    receiverNegativeReview: null,
    negativeThreshold: 4,
  });
  const bad = await http.put('/api/reviews/settings', { trashRetentionDays: 7, autoPublish: 'positive-only' });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['trashRetentionDays', 'autoPublish']));
  await http.put('/api/reviews/settings', { trashRetentionDays: 15, richSnippets: false });
  expect((await http.get('/api/reviews/settings')).body.data).toMatchObject({ trashRetentionDays: 15, richSnippets: false, autoPublish: 'all' });
});

test("customers/redact anonymises the customer's reviews; data_request exports them", async () => {
  const { shop } = await shopOn(api, 'pro');
  const [mine] = await insertReviews(api, shop.id, 1, {
    email: 'Kim@Example.com',
    firstName: 'Kim',
    lastName: 'Park',
    country: 'KR',
    content: 'kept text',
    rating: 2,
  });
  const [theirs] = await insertReviews(api, shop.id, 1, { email: 'other@example.com' });
  const deps = { ...api.runtime.services, tenantFor: api.runtime.services.tenant } as never; // the kernel services, as the worker has them
  const hooks = createPlatformHooks(deps);
  const ref = { shopId: shop.id, shopDomain: shop.shopifyDomain, customer: { email: 'kim@example.com' } };
  const exported = await hooks.exportCustomer!(ref);
  expect(exported.reviews).toEqual([expect.objectContaining({ id: mine.id, content: 'kept text', email: 'Kim@Example.com' })]);
  await hooks.redactCustomer!(ref);
  await hooks.redactCustomer!(ref);
  expect(await api.knex('reviews').where({ id: mine.id }).first()).toMatchObject({
    email: null,
    lastName: null,
    firstName: null,
    country: null,
    customerId: null,
    content: 'kept text',
    rating: 2,
  });
  expect(await api.knex('reviews').where({ id: theirs.id }).first()).toMatchObject({ email: 'other@example.com', lastName: 'Lee' });
});

test('demo data is seeded once and removed in one action, with the summaries', async () => {
  const { http, shop } = await shopOn(api, 'pro');
  await insertReviews(api, shop.id, 2, { rating: 5 });
  const first = await http.post('/api/reviews/demo');
  expect([first.status, first.body]).toEqual([201, { success: true, count: 300, seeded: true }]);
  const seededIds = await api.knex('reviews').where({ shopId: shop.id, demo: true }).orderBy('id').pluck('id');
  // Seeding again while the sample is there rewrites nothing, and says so.
  const again = await http.post('/api/reviews/demo');
  expect([again.status, again.body]).toEqual([200, { success: true, count: 300, seeded: false }]);
  // Overlapping clicks (or a sweep) still leave the one sample, never a 5xx.
  const overlapping = await Promise.all([1, 2, 3, 4].map(() => http.post('/api/reviews/demo')));
  expect(overlapping.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  expect(await api.knex('reviews').where({ shopId: shop.id, demo: true }).orderBy('id').pluck('id')).toEqual(seededIds);
  const summary = (await http.get('/api/reviews/summary')).body.data;
  expect(summary.count).toBeGreaterThan(250);
  expect((await http.delete('/api/reviews/demo')).body).toMatchObject({ count: 300 });
  expect((await http.delete('/api/reviews/demo')).body).toEqual({ success: true, count: 0 });
  expect(await api.knex('reviews').where({ shopId: shop.id }).count()).toEqual([{ count: 2 }]);
  await api.knex.transaction(async (trx) => (await import('../db/summaries')).recomputeSummaries(trx, shop.id, [PRODUCT]));
  const sums = await productSummaries(tenantFor(shop.id, shop.shopifyDomain), [PRODUCT, 'gid://shopify/Product/404']);
  expect(sums).toEqual({ [PRODUCT]: expect.objectContaining({ productId: PRODUCT, count: 2, average: 5, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 2 } }) });
  expect((await http.get('/api/reviews/summary')).body.data).toMatchObject({ count: 2, average: 5 });
});
