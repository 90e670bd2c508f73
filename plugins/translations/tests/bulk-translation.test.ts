// The bulk translation workflow on the real stack (the test run's worker): every published review
// of a shop into English through its provider (a local APy double), with progress by query, the
// translations cached for the storefront and the admin afterwards.
import { client, createShop, eventually, startTestApi, storeSettingsRaw, type TestApi } from '@plaudit/kernel/testing';
import { apertiumDouble, type Double } from './self-hosted-doubles';

let api: TestApi;
let apy: Double;
beforeAll(async () => {
  [api, apy] = await Promise.all([startTestApi(), apertiumDouble()]);
});
afterAll(async () => {
  await Promise.all([api?.close(), apy?.stop()]);
});

const SPANISH = ['El producto es muy bueno y llegó rápido.', 'La taza es bonita y el color es precioso.', 'Muy contenta con la compra, la recomiendo a todos.'];

test('all published reviews into English: progress to completed, each translated once and cached', async () => {
  const { shop, token } = await createShop(api, { plan: 'advanced', installedAt: new Date('2025-01-01') });
  await storeSettingsRaw(api, shop.id, 'translations.providers', { provider: 'apertium', autoTranslate: false, apertium: { url: apy.url } });
  const http = client(api.url, token);
  const ids: number[] = [];
  for (const content of [...SPANISH, 'The mug is lovely and the colour is great.']) {
    ids.push((await http.post('/api/reviews', { rating: 5, content, productId: 'gid://shopify/Product/9101', firstName: 'Ana', status: 'published' })).body.id);
  }
  // an unpublished review is not translated
  await http.post('/api/reviews', { rating: 2, content: 'No me gustó nada, llegó roto.', productId: 'gid://shopify/Product/9101', status: 'unpublished' });

  expect((await http.get('/api/translations/bulk/en')).body.data).toBeNull();
  const started = await http.post('/api/translations/bulk', { language: 'en' });
  expect(started.status).toBe(202);
  const progress = await eventually(async () => {
    const p = (await http.get('/api/translations/bulk/en')).body.data;
    return p?.state === 'completed' ? p : undefined;
  }, 60_000);
  expect(progress).toMatchObject({ target: 'en', total: 4, done: 4, translated: 3, unavailable: 0, reason: null });

  const calls = apy.requests.filter((r) => r.path === '/translate').length;
  const items = (await http.get(`/api/translations/reviews?ids=${ids.join(',')}&lang=en`)).body.items;
  expect(items.map((i: { status: string }) => i.status)).toEqual(['translated', 'translated', 'translated', 'original']);
  expect(items[0].translation.content).toBe(`[eng] ${SPANISH[0]}`);
  expect(apy.requests.filter((r) => r.path === '/translate').length).toBe(calls);
  expect((await http.post('/api/translations/bulk', { language: 'xx' })).status).toBe(400);
});
