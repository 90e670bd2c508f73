// The shop's headless origins (GET/PUT /api/public-api/settings, behind the app's authentication):
// origins only, normalised, https (http for localhost), third tier to change; and the storefront
// operations follow a change at once.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('a third-tier shop sets its headless origins; the storefront operations allow them at once', async () => {
  const { shop, token } = await createShop(api, { plan: 'enterprise' });
  const http = client(api.url, token);
  expect((await http.get('/api/public-api/settings')).body).toEqual({ headlessOrigins: [] });

  const saved = await http.put('/api/public-api/settings', { headlessOrigins: ['https://Shop.Example.com/', 'http://localhost:3000'] });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ headlessOrigins: ['https://shop.example.com', 'http://localhost:3000'] });
  const url = `${api.url}/api/public/v1/storefront/summaries?shop=${shop.shopifyDomain}&productIds=1`;
  expect((await fetch(url, { headers: { origin: 'https://shop.example.com' } })).headers.get('access-control-allow-origin')).toBe('https://shop.example.com');

  for (const bad of ['http://shop.example.com', 'https://shop.example.com/reviews', 'shop.example.com', 'ftp://shop.example.com']) {
    const refused = await http.put('/api/public-api/settings', { headlessOrigins: [bad] });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['headlessOrigins.0']);
  }
  expect((await http.put('/api/public-api/settings', { origins: [] })).status).toBe(400);

  await http.put('/api/public-api/settings', { headlessOrigins: [] });
  expect((await fetch(url, { headers: { origin: 'https://shop.example.com' } })).headers.get('access-control-allow-origin')).toBeNull();
});

test('below the third tier the origins cannot be changed', async () => {
  const { token } = await createShop(api, { plan: 'free', installedAt: new Date('2025-01-01') });
  const refused = await client(api.url, token).put('/api/public-api/settings', { headlessOrigins: ['https://shop.example.com'] });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('PLAN_TIER_TOO_LOW');
});
