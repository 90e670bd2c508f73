// An action a plugin declares for a tier answers 403 with a machine-readable code below that tier.
import { client, createShop, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const longAgo = new Date('2025-01-01T00:00:00Z');

test('a free shop is refused a base-tier action with the tier it needs', async () => {
  const { token } = await createShop(api, { plan: 'free', installedAt: longAgo });
  const res = await client(api.url, token).get('/api/fixture-notes/replies');
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 'PLAN_TIER_TOO_LOW', tier: 'base' });
});

test('a pro shop, an unrecognised plan (pro_24) and a recent install may use it', async () => {
  for (const fields of [
    { plan: 'pro', installedAt: longAgo },
    { plan: 'legacy_gold', installedAt: longAgo },
    { plan: 'free', installedAt: new Date() },
  ]) {
    const { token } = await createShop(api, fields);
    expect((await client(api.url, token).get('/api/fixture-notes/replies')).status).toBe(200);
  }
});
