// /api/display-settings: defaults for every widget, per-field validation, saves that merge one
// widget over the stored document, the base-tier gates, trials, and one shop never seeing another's.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { WIDGET_KEYS, withDisplayDefaults } from '../shared/display-settings';
import { storefrontCache } from '../api/cache';
import { displayStore } from '../api/display-store';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A paying shop, or a free one installed before full access (no custom CSS, no branding removal). */
async function shopOn(tier: 'pro' | 'free-legacy', fields: Record<string, unknown> = {}) {
  const plan = tier === 'pro' ? { plan: 'pro' } : { plan: 'free', installedAt: new Date('2024-03-01T00:00:00Z') };
  const s = await createShop(api, { ...plan, ...fields });
  return { ...s, http: client(api.url, s.token) };
}

const store = () => displayStore(api.runtime.services.settings);
/** The shop's stored display document, as the plugin's settings namespace holds it. */
const stored = (shopId: number) => store().display.get(shopId);

test('every widget has its defaults, with the plan information the admin needs', async () => {
  const { http } = await shopOn('pro');
  const all = await http.get('/api/display-settings');
  expect(all.status).toBe(200);
  expect(all.body.data).toEqual(withDisplayDefaults({}));
  expect(Object.keys(all.body.data).sort()).toEqual([...WIDGET_KEYS, 'featureTrials'].sort());
  expect(all.body.data.testimonial).toMatchObject({ maxRecentReviews: 3, layout: 'carousel', selectedProducts: [], selectedReviews: [] });
  expect(all.body.data.popup).toMatchObject({ delayMs: 0, showMs: 5000, hideMs: 10_000 });
  expect(all.body.plan).toMatchObject({
    plan: 'pro',
    tier: 'base',
    features: { customCss: true, removeBranding: true },
    requiredTier: { customCss: 'base', removeBranding: 'base' },
  });

  // a widget by its key or by its admin screen
  const box = await http.get('/api/display-settings/box');
  expect(box.body.data).toEqual(withDisplayDefaults({}).reviewBox);
  expect((await http.get('/api/display-settings/reviewBox')).body.data).toEqual(box.body.data);
  expect((await http.get('/api/display-settings/upsell-aov')).body.data).toEqual(withDisplayDefaults({}).upsell);
  expect((await http.get('/api/display-settings/instagram-feed')).status).toBe(404);
  expect((await http.get('/api/display-settings/__proto__')).status).toBe(404);
});

test('a save answers per-field messages and stores nothing when any field is wrong', async () => {
  const { http, shop } = await shopOn('pro');
  const bad = await http.put('/api/display-settings/box', { perPage: 50, layout: 'masonry', title: 5, showMedia: 'yes', bogus: 1 });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toMatchObject({
    perPage: 'number less than or equal 20',
    layout: expect.any(String),
    title: expect.any(String),
    showMedia: expect.any(String),
    bogus: 'Unknown field',
  });
  expect((await http.put('/api/display-settings/general', { starColor: 'red' })).body.errors).toEqual({ starColor: 'The value is invalid' });
  expect((await http.put('/api/display-settings/testimonial', { maxRecentReviews: 0 })).body.errors).toEqual({
    maxRecentReviews: 'number greater than or equal 1',
  });
  expect((await http.put('/api/display-settings/testimonial', { maxRecentReviews: 11 })).body.errors).toEqual({
    maxRecentReviews: 'number less than or equal 10',
  });
  expect((await http.put('/api/display-settings/popup', [1, 2])).status).toBe(400);
  expect(await stored(shop.id)).toEqual({});

  const ok = await http.put('/api/display-settings/testimonial', {
    maxRecentReviews: 10,
    selectedReviews: [3, 4],
    selectedProducts: ['gid://shopify/Product/1'],
  });
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ success: true, message: 'Saved successfully', data: { maxRecentReviews: 10, selectedReviews: [3, 4], layout: 'carousel' } });
});

test('saving one widget keeps the others and the fields it does not name', async () => {
  const { http, shop } = await shopOn('pro');
  await http.put('/api/display-settings/box', { title: 'What buyers think' });
  await http.put('/api/display-settings/carousel', { minRating: 5, autoplay: false });
  await http.put('/api/display-settings/reviewBox', { perPage: 8 });
  await http.put('/api/display-settings/testimonial', { colors: { star: '#000000' } });
  await http.put('/api/display-settings/testimonial', { colors: { text: '#111111' } });
  const { data } = (await http.get('/api/display-settings')).body;
  expect(data.reviewBox).toMatchObject({ title: 'What buyers think', perPage: 8, layout: 'list' });
  expect(data.carousel).toMatchObject({ minRating: 5, autoplay: false, intervalMs: 5000 });
  expect(data.testimonial.colors).toEqual({ background: '#f6f6f7', text: '#111111', star: '#000000' });
  expect(data.popup).toEqual(withDisplayDefaults({}).popup);
  expect(Object.keys(await stored(shop.id)).sort()).toEqual(['carousel', 'reviewBox', 'testimonial']);

  // parts of the stored document this route does not know survive a save
  await store().display.update(shop.id, { legacy: { keep: true } });
  await http.put('/api/display-settings/sidebar', { enabled: true });
  expect(await stored(shop.id)).toMatchObject({ legacy: { keep: true }, sidebar: { enabled: true }, reviewBox: { perPage: 8 } });
});

test('custom CSS and branding removal need the base tier; keeping what is stored does not', async () => {
  const free = await shopOn('free-legacy');
  const info = (await free.http.get('/api/display-settings')).body.plan;
  expect(info).toMatchObject({ plan: 'free', tier: 'free', fullAccess: false, features: { customCss: false, removeBranding: false } });

  const css = await free.http.put('/api/display-settings/general', { customCss: '.pl-box { color: red }' });
  expect(css.status).toBe(403);
  expect(css.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'base' });
  const branding = await free.http.put('/api/display-settings/branding', { removeBranding: true });
  expect(branding.status).toBe(403);
  expect(branding.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'base' });
  expect(await stored(free.shop.id)).toEqual({});
  // the free parts of the same forms save
  expect((await free.http.put('/api/display-settings/general', { starColor: '#ff0000', customCss: '' })).status).toBe(200);
  expect((await free.http.put('/api/display-settings/branding', { removeBranding: false, poweredByText: 'Reviews by Plaudit' })).status).toBe(200);

  // a shop that downgraded keeps its stored CSS through other saves
  await store().display.update(free.shop.id, { general: { ...withDisplayDefaults({}).general, customCss: '.a{}' } });
  expect((await free.http.put('/api/display-settings/general', { textColor: '#222222', customCss: '.a{}' })).status).toBe(200);
  expect((await free.http.put('/api/display-settings/general', { customCss: '.b{}' })).status).toBe(403);

  const pro = await shopOn('pro');
  expect((await pro.http.put('/api/display-settings/general', { customCss: '.pl-box { color: red }' })).body.data.customCss).toBe('.pl-box { color: red }');
  expect((await pro.http.put('/api/display-settings/branding', { removeBranding: true })).body.data.removeBranding).toBe(true);

  // installed after 9 May 2025: full access on any plan; the developer zone's grant opens branding removal
  const recent = await createShop(api, { plan: 'free', installedAt: new Date('2026-01-10T00:00:00Z') });
  expect((await client(api.url, recent.token).put('/api/display-settings/general', { customCss: 'p{}' })).status).toBe(200);
  const granted = await shopOn('free-legacy', { enableRemoveBranding: true });
  expect((await granted.http.put('/api/display-settings/branding', { removeBranding: true })).status).toBe(200);
});

test("a save drops the shop's cached storefront answers, so shoppers see it at once", async () => {
  const { http, shop } = await shopOn('pro');
  const other = await shopOn('pro');
  const cache = storefrontCache(api.runtime.services);
  for (const s of [shop, other.shop]) expect((await fetch(`${api.url}/storefront/shops/${s.shopifyDomain}/api/products/1/reviews`)).status).toBe(200);
  expect(cache.responses.entriesOf(shop.id)).toBe(1);
  await http.put('/api/display-settings/box', { title: 'Fresh title' });
  expect(cache.responses.entriesOf(shop.id)).toBe(0);
  expect(cache.responses.entriesOf(other.shop.id)).toBe(1);
  // a refused save changes nothing and drops nothing
  await other.http.put('/api/display-settings/box', { perPage: 0 });
  expect(cache.responses.entriesOf(other.shop.id)).toBe(1);
});

test('a widget trial runs 14 days once and raises its feature-trial flag meanwhile', async () => {
  const { http, shop } = await shopOn('free-legacy');
  const started = await http.post('/api/display-settings/testimonial/trial');
  expect(started.status).toBe(201);
  const days = (Date.parse(started.body.data.endsAt) - Date.parse(started.body.data.startedAt)) / 86_400_000;
  expect(days).toBe(14);
  expect(started.body.data).toMatchObject({ widget: 'testimonial', active: true, daysLeft: 14 });
  const again = await http.post('/api/display-settings/testimonial/trial');
  expect(again.status).toBe(200);
  expect(again.body.data.endsAt).toBe(started.body.data.endsAt);
  const all = (await http.get('/api/display-settings')).body;
  expect(all.data.featureTrials).toEqual({ testimonial: true });
  expect(all.trials.testimonial).toMatchObject({ active: true, daysLeft: 14 });
  expect((await stored(shop.id)).featureTrials).toEqual({ testimonial: true });

  expect((await http.post('/api/display-settings/general/trial')).status).toBe(400);
  expect((await http.post('/api/display-settings/nothing/trial')).status).toBe(404);

  // the window closes: the flag no longer counts and the trial cannot start again
  const past = { startedAt: '2026-01-01T00:00:00.000Z', endsAt: '2026-01-15T00:00:00.000Z' };
  await store().trials.update(shop.id, { testimonial: past });
  const after = (await http.get('/api/display-settings')).body;
  expect(after.data.featureTrials).toEqual({ testimonial: false });
  expect(after.trials.testimonial).toMatchObject({ active: false, daysLeft: 0 });
  const refused = await http.post('/api/display-settings/testimonial/trial');
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('TRIAL_USED');
});

test("one shop never reads or changes another shop's display settings", async () => {
  const a = await shopOn('pro');
  const b = await shopOn('pro');
  await a.http.put('/api/display-settings/box', { title: 'Shop A only' });
  await a.http.post('/api/display-settings/carousel/trial');
  const seenByB = (await b.http.get('/api/display-settings')).body;
  expect(seenByB.data.reviewBox.title).toBe('Customer reviews');
  expect(seenByB.data.featureTrials).toEqual({});
  expect(seenByB.trials).toEqual({});
  await b.http.put('/api/display-settings/box', { title: 'Shop B only' });
  expect((await a.http.get('/api/display-settings/box')).body.data.title).toBe('Shop A only');
  expect((await b.http.get('/api/display-settings/box')).body.data.title).toBe('Shop B only');
  // without a credential there is nothing to read
  expect((await client(api.url).get('/api/display-settings')).status).toBe(401);
});
