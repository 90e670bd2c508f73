// /api/onboarding: the profile answers are validated and kept per shop; without a store platform
// the theme status says it cannot be read (the steps then offer Skip) instead of failing.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('the profile starts empty, saves each answer on its own and refuses values outside the lists', async () => {
  const a = client(api.url, (await createShop(api)).token);
  const b = client(api.url, (await createShop(api)).token);
  expect((await a.get('/api/onboarding/profile')).body.data).toEqual({ businessType: null, sellingMarket: null });
  expect((await a.put('/api/onboarding/profile', { businessType: 'pets' })).status).toBe(200);
  expect((await a.put('/api/onboarding/profile', { sellingMarket: 'national' })).body.data).toEqual({ businessType: 'pets', sellingMarket: 'national' });

  const bad = await a.put('/api/onboarding/profile', { businessType: 'weapons' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('The value is invalid');
  expect((await a.put('/api/onboarding/profile', { plan: 'enterprise' })).status).toBe(400);
  // another shop's answers are its own
  expect((await b.get('/api/onboarding/profile')).body.data).toEqual({ businessType: null, sellingMarket: null });
});

test('without a store platform the theme status is unavailable, not an error', async () => {
  const http = client(api.url, (await createShop(api)).token);
  const res = await http.get('/api/onboarding/theme');
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ available: false });
});

test('the routes need a signed-in shop', async () => {
  expect((await fetch(`${api.url}/api/onboarding/profile`)).status).toBe(401);
});
