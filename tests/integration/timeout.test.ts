// A request that outlives REQUEST_TIMEOUT_MS is answered 503 instead of hanging the admin.
import { client, createShop, startTestApi, type TestApi } from '../support/api';

const LIMIT_MS = 300;

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi({ REQUEST_TIMEOUT_MS: String(LIMIT_MS) });
  ({ token } = await createShop(api));
});
afterAll(() => api.close());

test('a request slower than the limit gets 503 soon after the limit', async () => {
  const started = Date.now();
  const res = await client(api.url, token).get('/api/fixture-notes/slow?ms=3000');
  const elapsed = Date.now() - started;
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT', message: 'The request took too long', requestId: expect.any(String) });
  expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 20);
  expect(elapsed).toBeLessThan(2500);
});

test('a request within the limit is answered normally', async () => {
  const res = await client(api.url, token).get('/api/fixture-notes/slow?ms=50');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sleptMs: 50 });
});
