// Review text translation on the real API with the worker's event handlers (PostgreSQL, Temporal):
// a Spanish review's language detected and stored when written; translated to English through the
// shop's provider (here a local double of Apertium's APy; apertium.test.ts uses the real one),
// cached on the second request, translated again after an edit; a pair the provider lacks is
// 'unavailable', an outage shows the original; below the second plan tier the API answers 403.
import {
  client,
  createShop,
  eventually,
  startIntegrationsEmulator,
  startTestApi,
  storeSettingsRaw,
  type RunningIntegrationsEmulator,
  type TestApi,
} from '@plaudit/kernel/testing';
import { apertiumDouble, type Double } from './self-hosted-doubles';

let api: TestApi;
let apy: Double;
let vendors: RunningIntegrationsEmulator;
beforeAll(async () => {
  [vendors, apy] = await Promise.all([startIntegrationsEmulator({ port: 0 }), apertiumDouble()]);
  api = await startTestApi({ INTEGRATIONS_BASE_URL: vendors.url });
});
afterAll(async () => {
  await Promise.all([api?.close(), apy?.stop(), vendors?.stop()]);
});

const OLD_INSTALL = new Date('2025-01-01');
const translations = () => apy.requests.filter((r) => r.path === '/translate').length;

async function advancedShop() {
  const { shop, token } = await createShop(api, { plan: 'advanced', installedAt: OLD_INSTALL });
  await storeSettingsRaw(api, shop.id, 'translations.providers', { provider: 'apertium', autoTranslate: false, apertium: { url: apy.url } });
  return { shop, http: client(api.url, token) };
}

test('a Spanish review: language stored, translated to English, cached, translated again after an edit, the original when the provider is down', async () => {
  const { http } = await advancedShop();
  const created = await http.post('/api/reviews', {
    rating: 5,
    title: 'Muy bueno',
    content: 'El producto es muy bueno y la taza es bonita, la recomiendo.',
    productId: 'gid://shopify/Product/9001',
    firstName: 'Ana',
    status: 'published',
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  await eventually(async () => (await http.get(`/api/reviews/${id}`)).body.language === 'es', 30_000);

  const before = translations();
  const first = await http.get(`/api/translations/reviews?ids=${id}&lang=en`);
  expect(first.status).toBe(200);
  expect(first.body.items).toEqual([
    {
      reviewId: id,
      language: 'es',
      target: 'en',
      status: 'translated',
      original: { title: 'Muy bueno', content: 'El producto es muy bueno y la taza es bonita, la recomiendo.' },
      translation: { title: '[eng] Muy bueno', content: '[eng] El producto es muy bueno y la taza es bonita, la recomiendo.', provider: 'apertium' },
    },
  ]);
  expect(translations()).toBe(before + 2);

  // cached: the same answer, APy not asked again
  expect((await http.get(`/api/translations/reviews?ids=${id}&lang=en`)).body.items[0].translation.content).toMatch(/^\[eng\] El producto/);
  expect(translations()).toBe(before + 2);

  // the review in its own language is the original, no call
  expect((await http.get(`/api/translations/reviews?ids=${id}&lang=es`)).body.items[0]).toMatchObject({ status: 'original', translation: null });
  // a pair APy does not have is unavailable, not faked
  expect((await http.get(`/api/translations/reviews?ids=${id}&lang=de`)).body.items[0]).toMatchObject({ status: 'unavailable', translation: null });

  expect((await http.put(`/api/reviews/${id}`, { content: 'La taza es muy bonita pero un poco pequeña para mí.' })).status).toBe(200);
  const edited = await http.get(`/api/translations/reviews?ids=${id}&lang=en`);
  expect(edited.body.items[0].translation.content).toBe('[eng] La taza es muy bonita pero un poco pequeña para mí.');
  expect(translations()).toBe(before + 4);

  apy.down = true;
  try {
    await http.put(`/api/reviews/${id}`, { content: 'Ahora no me gusta tanto, la taza se rompió.' });
    const down = await http.get(`/api/translations/reviews?ids=${id}&lang=en`);
    expect(down.body.items[0]).toMatchObject({ status: 'degraded', translation: null, original: { content: 'Ahora no me gusta tanto, la taza se rompió.' } });
  } finally {
    apy.down = false;
  }
});

test('the tier gate: review translation is a second-tier feature', async () => {
  const { token } = await createShop(api, { plan: 'pro_24', installedAt: OLD_INSTALL });
  const http = client(api.url, token);
  const res = await http.get('/api/translations/reviews?ids=1&lang=en');
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'second' });
  expect((await http.get('/api/translations/provider')).status).toBe(403);
  const { http: advanced } = await advancedShop();
  const provider = await advanced.get('/api/translations/provider');
  expect(provider.status).toBe(200);
  expect(provider.body).toMatchObject({ provider: 'apertium', reachable: true });
  expect(provider.body.languages).toEqual(
    expect.arrayContaining([
      { code: 'en', available: true },
      { code: 'hi', available: false },
    ]),
  );
});

test("DeepL chosen without a key is refused; with a key its languages are DeepL's, the key shown masked", async () => {
  const { http } = await advancedShop();
  expect((await http.put('/api/translations/provider', { provider: 'deepl' })).status).toBe(400);
  const apiKey = `tr-${Date.now()}-1234:fx`;
  vendors.control('deepl', 'key', { key: apiKey });
  const saved = await http.put('/api/translations/provider', { provider: 'deepl', deepl: { apiKey } });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ provider: 'deepl', deepl: { apiKey: '••••4:fx' }, reachable: true });
  expect(saved.body.languages).toEqual(
    expect.arrayContaining([
      { code: 'de', available: true },
      { code: 'hi', available: false },
    ]),
  );
  // the masked key sent back keeps the stored one
  expect((await http.put('/api/translations/provider', { provider: 'deepl', deepl: { apiKey: '••••4:fx' }, autoTranslate: true })).body).toMatchObject({
    autoTranslate: true,
    reachable: true,
  });
});
