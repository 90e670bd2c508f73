import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('a request is saved for the shop and listed back to it only', async () => {
  const a = await createShop(api);
  const b = await createShop(api);
  const sent = await client(api.url, a.token).post('/api/feature-requests', {
    title: 'Video reviews',
    description: 'Let customers upload a short video with their review.',
  });
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ success: true, data: { title: 'Video reviews', shopId: a.shop.id } });
  expect((await client(api.url, a.token).get('/api/feature-requests')).body.data.map((r: { title: string }) => r.title)).toEqual(['Video reviews']);
  expect((await client(api.url, b.token).get('/api/feature-requests')).body.data).toEqual([]);
});

test('a blank title or a too-short description is refused with per-field messages', async () => {
  const { token } = await createShop(api);
  const res = await client(api.url, token).post('/api/feature-requests', { title: ' ', description: 'short' });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual({ title: 'This field is required', description: 'Fill at least 20 characters' });
});
