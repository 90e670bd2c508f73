// startTestApi, one request, close.
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { record } from './record';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
  record('api');
});

test('the API answers', async () => {
  expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
});
