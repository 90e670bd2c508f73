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

test("the discount step's reward: read, refused below the plan, checked like the settings page, then on (issue 37)", async () => {
  // installed before 9 May 2025 on Free: the plan decides, and rewards need the second tier
  const free = client(api.url, (await createShop(api, { plan: 'free', installedAt: new Date('2025-01-01') })).token);
  const choice = { rewardingMethod: 'discount', typeDiscount: 'percentage', value: 20, charactersRequired: 30, photoRequired: 2 };
  expect((await free.get('/api/onboarding/reward')).body.data).toMatchObject({ enabled: false, allowed: false, tier: 'second', value: 10 });
  expect(await free.put('/api/onboarding/reward', choice)).toMatchObject({ status: 403, body: { code: 'PLAN_TIER_TOO_LOW', tier: 'second' } });

  const { token } = await createShop(api, { plan: 'advanced' });
  const http = client(api.url, token);
  const tooMuch = await http.put('/api/onboarding/reward', { ...choice, value: 150 });
  expect(tooMuch.status).toBe(400);
  expect(tooMuch.body.errors).toEqual({ value: 'A percentage is at most 100' });
  const bad = await http.put('/api/onboarding/reward', { ...choice, value: 0, photoRequired: 9 });
  expect(bad.body.errors).toMatchObject({ value: 'Number needs to be greater than 0', photoRequired: 'A whole number between 1 and 5' });
  expect((await http.get('/api/discounts/settings')).body.data.enableDiscount).toBe(false);

  const on = await http.put('/api/onboarding/reward', choice);
  expect(on.status).toBe(200);
  expect(on.body.data).toMatchObject({ enabled: true, allowed: true, ...choice });
  expect((await http.get('/api/discounts/settings')).body.data).toMatchObject({
    enableDiscount: true,
    valueMode: 'all',
    valueAll: 20,
    charactersRequired: 30,
    photoRequired: 2,
  });
  // the free shop's reward stayed off
  expect((await free.get('/api/discounts/settings')).body.data.enableDiscount).toBe(false);
});
