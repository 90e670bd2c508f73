// The merchant's own shop record: what the admin reads after sign-in and the updates it sends.
import { client, createShop, startTestApi, type TestApi } from '../support/api';

const SHOP_FIELDS = [
  'id',
  'shopifyDomain',
  'domain',
  'name',
  'appName',
  'plan',
  'installedAt',
  'installedAtTest',
  'isNewShop',
  'isGrowHacking6',
  'setupDone',
  'appStatus',
  'enableRemoveBranding',
  'isRemoveBranding',
  'ianaTimezone',
  'timezone',
  'primaryLocale',
  'adminLocale',
  'shopifyPlan',
  'email',
  'firstName',
  'createdAt',
  'supportAppBlock',
  'vendor',
  'installedApps',
  'surveyWidget',
  'isCrmLogin',
  'chatSessionToken',
  'hideBannerSettingRequest',
  'isEnableDeliveryMethod',
  'isShowCardOldOrder',
  'quickstart',
  'hasVNMFonts',
];

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ DEV_ZONE: 'on' }); // the developer zone for every shop, as its tests need
});
afterAll(() => api.close());

async function newShop(fields: Record<string, unknown> = {}) {
  const { shop, token } = await createShop(api, fields);
  const http = client(api.url, token);
  return { shop, http, read: async () => (await http.get('/api/shops')).body };
}

test('GET /api/shops returns every Shop field of the spec with its defaults', async () => {
  const before = Date.now();
  const { shop, read } = await newShop({ email: 'owner@alpha.example', firstName: 'Ada', shopifyPlan: 'basic' });
  const body = await read();
  expect(Object.keys(body)).toEqual(expect.arrayContaining(SHOP_FIELDS));
  expect(body).toMatchObject({
    id: shop.id,
    shopifyDomain: shop.shopifyDomain,
    email: 'owner@alpha.example',
    firstName: 'Ada',
    shopifyPlan: 'basic',
    plan: 'free',
    appStatus: true,
    isNewShop: true,
    setupDone: false,
    surveyWidget: { closedAt: null, closeCount: 0, isSubmitted: false },
    quickstart: {},
    installedApps: [],
    hasVNMFonts: false,
    ianaTimezone: 'UTC',
    primaryLocale: 'en',
  });
  expect(body).not.toHaveProperty('hasVnmFonts');
  expect(new Date(body.installedAt).getTime()).toBeGreaterThanOrEqual(before);
});

describe('PUT /api/shops', () => {
  test('updateAppStatus answers a different message for enable and disable and stores the status', async () => {
    const { http, read } = await newShop();
    const off = await http.put('/api/shops?type=updateAppStatus', { appStatus: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, message: 'App disabled' });
    expect((await read()).appStatus).toBe(false);
    const on = await http.put('/api/shops?type=updateAppStatus', { appStatus: true });
    expect(on.body).toMatchObject({ success: true, message: 'App enabled' });
    expect((await read()).appStatus).toBe(true);
  });

  test('updateIsRated stores the rating flag', async () => {
    const { http, shop } = await newShop();
    const res = await http.put('/api/shops?type=updateIsRated', { isRated: true });
    expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
    expect((await api.knex('shops').where({ id: shop.id }).first()).isRated).toBe(true);
  });

  test('updateOnboarding finishes setup and merges quickstart progress', async () => {
    const { http, read } = await newShop({ quickstart: JSON.stringify({ installWidget: true }) });
    const res = await http.put('/api/shops?type=updateOnboarding', { setupDone: true, isNewShop: false, quickstart: { sendFirstRequest: true } });
    expect(res.body).toMatchObject({ success: true });
    expect(await read()).toMatchObject({ setupDone: true, isNewShop: false, quickstart: { installWidget: true, sendFirstRequest: true } });
  });

  test('a survey widget update changes only the keys sent', async () => {
    const { http, read } = await newShop();
    const closedAt = '2026-01-02T03:04:05.000Z';
    await http.put('/api/shops', { surveyWidget: { closedAt, closeCount: 1 } });
    const res = await http.put('/api/shops', { surveyWidget: { isSubmitted: true } });
    expect(res.body).toMatchObject({ success: true, message: 'Saved successfully' });
    expect((await read()).surveyWidget).toEqual({ closedAt, closeCount: 1, isSubmitted: true });
  });

  test('a type may not carry other fields: plan stays as it was', async () => {
    const { http, read } = await newShop();
    const res = await http.put('/api/shops?type=updateAppStatus', { appStatus: false, plan: 'enterprise' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('plan');
    expect(await read()).toMatchObject({ plan: 'free', appStatus: true });
  });

  test('an unknown type is a 400 naming type', async () => {
    const { http } = await newShop();
    const res = await http.put('/api/shops?type=updatePlan', { plan: 'enterprise' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errors: { type: 'The value is invalid' } });
  });
});

describe('PUT /api/dev_zone', () => {
  test('remove-branding and grow-hacking-6 set their flags', async () => {
    const { http, read } = await newShop();
    expect((await http.put('/api/dev_zone?type=remove-branding', { status: true })).body).toMatchObject({ success: true, message: expect.any(String) });
    expect((await http.put('/api/dev_zone?type=grow-hacking-6', { status: true })).body).toMatchObject({ success: true });
    expect(await read()).toMatchObject({ enableRemoveBranding: true, isGrowHacking6: true });
    await http.put('/api/dev_zone?type=remove-branding', { status: false });
    expect(await read()).toMatchObject({ enableRemoveBranding: false, isGrowHacking6: true });
  });

  test('skip-update-state sets the shop state it is given', async () => {
    const { http, read } = await newShop();
    const res = await http.put('/api/dev_zone?type=skip-update-state', {
      dataUpdate: { setupDone: true, plan: 'advanced', hasVNMFonts: true, installedApps: ['sister-app'] },
    });
    expect(res.body).toMatchObject({ success: true });
    expect(await read()).toMatchObject({ setupDone: true, plan: 'advanced', hasVNMFonts: true, installedApps: ['sister-app'] });
  });

  test('skip-update-state refuses a plan that does not exist and fields it does not know', async () => {
    const { http, read } = await newShop();
    expect((await http.put('/api/dev_zone?type=skip-update-state', { dataUpdate: { plan: 'platinum' } })).status).toBe(400);
    expect((await http.put('/api/dev_zone?type=skip-update-state', { dataUpdate: { shopifyDomain: 'other.myshopify.com' } })).status).toBe(400);
    expect((await read()).plan).toBe('free');
  });

  test('an unknown type is a 400', async () => {
    const { http } = await newShop();
    const res = await http.put('/api/dev_zone?type=drop-tables', { status: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ type: 'The value is invalid' });
  });
});

describe('PUT /api/dev_zone with DEV_ZONE=false', () => {
  let prod: TestApi;
  beforeAll(async () => {
    prod = await startTestApi({ DEV_ZONE: 'false' });
  });
  afterAll(() => prod.close());

  test('a normal shop is refused with 403 and nothing changes', async () => {
    const { shop, token } = await createShop(prod, { shopifyPlan: 'basic' });
    const res = await client(prod.url, token).put('/api/dev_zone?type=skip-update-state', { dataUpdate: { plan: 'enterprise' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'DEV_ZONE_FORBIDDEN' });
    expect((await prod.knex('shops').where({ id: shop.id }).first()).plan).toBe('free');
  });

  test.each(['partner_test', 'staff'])('a %s shop may use it', async (shopifyPlan) => {
    const { shop, token } = await createShop(prod, { shopifyPlan });
    const res = await client(prod.url, token).put('/api/dev_zone?type=skip-update-state', { dataUpdate: { plan: 'enterprise' } });
    expect(res.status).toBe(200);
    expect((await prod.knex('shops').where({ id: shop.id }).first()).plan).toBe('enterprise');
  });
});
