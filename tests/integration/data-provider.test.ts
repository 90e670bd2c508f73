// The admin's data provider (admin/src/cursor-provider.ts) over the fixture's cursor-paged routes,
// against the real API: pages by cursor, partial pagination, filters, and the record calls.
import { client, createShop, startTestApi, type TestApi } from '../support/api';
import { cursorDataProvider, type JsonClient } from '../../admin/src/cursor-provider';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

function providerFor(token: string) {
  const calls: string[] = [];
  const http: JsonClient = async (url, options = {}) => {
    calls.push(`${options.method ?? 'GET'} ${url}`);
    const res = await client(api.url, token).call(options.method ?? 'GET', url, options.body ? JSON.parse(String(options.body)) : undefined);
    if (res.status >= 400) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return { json: res.body };
  };
  return { provider: cursorDataProvider('/api', http), calls };
}

const list = (page: number, filter = {}) => ({ pagination: { page, perPage: 2 }, sort: { field: 'id', order: 'DESC' as const }, filter });

test('lists page by page through the cursors, newest first, with partial pagination', async () => {
  const { token } = await createShop(api);
  for (const text of ['n1', 'n2', 'n3', 'n4', 'n5']) await client(api.url, token).post('/api/fixture-notes', { text });
  const { provider, calls } = providerFor(token);
  const pages = [];
  for (const page of [1, 2, 3]) pages.push(await provider.getList('fixture-notes', list(page)));
  expect(pages.map((p) => p.data.map((n) => n.text))).toEqual([['n5', 'n4'], ['n3', 'n2'], ['n1']]);
  expect(pages.map((p) => p.pageInfo)).toEqual([
    { hasNextPage: true, hasPreviousPage: false },
    { hasNextPage: true, hasPreviousPage: true },
    { hasNextPage: false, hasPreviousPage: true },
  ]);
  expect(pages.every((p) => p.total === undefined)).toBe(true);
  expect(calls[1]).toMatch(/^GET \/api\/fixture-notes\?limit=2&cursor=\d+&sort=-id$/);

  // a fresh provider asked for page 3 at once walks there
  const fresh = providerFor(token);
  expect((await fresh.provider.getList('fixture-notes', list(3))).data.map((n) => n.text)).toEqual(['n1']);
  expect(fresh.calls).toHaveLength(3);
  expect((await fresh.provider.getList('fixture-notes', { ...list(1), sort: { field: 'id', order: 'ASC' } })).data.map((n) => n.text)).toEqual(['n1', 'n2']);
  expect((await fresh.provider.getList('fixture-notes', list(1, { q: 'n3' }))).data.map((n) => n.text)).toEqual(['n3']);
});

test('gets, creates, updates and deletes records', async () => {
  const { token } = await createShop(api);
  const { provider } = providerFor(token);
  const created = await provider.create('fixture-notes', { data: { text: 'draft' } });
  expect(created.data).toMatchObject({ id: expect.any(Number), text: 'draft' });
  const id = created.data.id;
  expect((await provider.getOne('fixture-notes', { id })).data.text).toBe('draft');
  expect((await provider.update('fixture-notes', { id, data: { text: 'final' }, previousData: created.data })).data.text).toBe('final');
  expect((await provider.getMany('fixture-notes', { ids: [id] })).data.map((n) => n.text)).toEqual(['final']);
  await provider.delete('fixture-notes', { id, previousData: created.data });
  await expect(provider.getOne('fixture-notes', { id })).rejects.toThrow('404');
});

test('a bad list query is a 400, not a 500', async () => {
  const { token } = await createShop(api);
  const http = client(api.url, token);
  expect((await http.get('/api/fixture-notes?limit=0')).status).toBe(400);
  expect((await http.get('/api/fixture-notes?filter=%7Bnot-json')).status).toBe(400);
  expect((await http.get('/api/fixture-notes?sort=text')).status).toBe(400);
});
