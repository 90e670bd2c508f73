// The kernel's integrations service against the run's PostgreSQL: credentials sealed at rest and
// opened only while connected, a merchant's disconnect forgets them, and a revoked key disconnects
// with its reason exactly once (the one caller that gets `true` mails the merchant).
import { createShop, startTestApi, type TestApi } from '../support/api';
import { retryAfterMs } from '../../api/kernel/vendor-call';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('credentials are sealed at rest, opened only while connected, forgotten on disconnect', async () => {
  const { shop } = await createShop(api);
  const integrations = api.runtime.services.integrations;
  expect(await integrations.state(shop.id, 'klaviyo')).toMatchObject({ app: 'klaviyo', status: 'disconnected', connectedAt: null });
  expect(await integrations.credentials(shop.id, 'klaviyo')).toBeUndefined();

  await integrations.connect(shop.id, 'klaviyo', { privateKey: 'pk_secret_123' });
  const raw = await api.knex('integrations').where({ shopId: shop.id, app: 'klaviyo' }).first();
  expect(raw.credentials).not.toContain('pk_secret_123');
  expect(await integrations.credentials(shop.id, 'klaviyo')).toEqual({ privateKey: 'pk_secret_123' });
  expect(await integrations.state(shop.id, 'klaviyo')).toMatchObject({ status: 'connected', reason: null });
  // another shop sees nothing of it
  const other = await createShop(api);
  expect(await integrations.credentials(other.shop.id, 'klaviyo')).toBeUndefined();

  await integrations.disconnect(shop.id, 'klaviyo');
  expect(await integrations.credentials(shop.id, 'klaviyo')).toBeUndefined();
  expect((await api.knex('integrations').where({ shopId: shop.id, app: 'klaviyo' }).first()).credentials).toBeNull();
});

test('a revoked key disconnects with its reason once, however many deliveries notice it', async () => {
  const { shop } = await createShop(api);
  const integrations = api.runtime.services.integrations;
  await integrations.connect(shop.id, 'smile', { privateKey: 'k', activityToken: 't' });
  const claims = await Promise.all([1, 2, 3].map(() => integrations.revoked(shop.id, 'smile', 'Smile.io answered 401')));
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await integrations.state(shop.id, 'smile')).toMatchObject({ status: 'disconnected', reason: 'Smile.io answered 401' });
  // connecting again clears the reason
  await integrations.connect(shop.id, 'smile', { privateKey: 'k2', activityToken: 't' });
  expect(await integrations.state(shop.id, 'smile')).toMatchObject({ status: 'connected', reason: null });
});

test('Retry-After in seconds or as an HTTP date', () => {
  expect(retryAfterMs('3')).toBe(3000);
  expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
  expect(retryAfterMs('soon')).toBeUndefined();
  expect(retryAfterMs(null)).toBeUndefined();
});
