// The kernel's saved views (/api/saved-views): a list screen's state kept under a name, unique per
// shop and screen (spec section 5: "Saved view names must be unique."), renamed, updated and
// deleted by its own shop only; bad input is a 4xx naming the field.
import { client, createShop, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const TAKEN = 'Saved view names must be unique.';
const params = { tab: 'published', rating: '4,5', sort: 'oldest', limit: '20', statusFilter: 'failed' };

async function signedIn() {
  const { token, shop } = await createShop(api);
  return { http: client(api.url, token), shop };
}

test('a view is saved, listed per screen, renamed, updated and deleted', async () => {
  const { http } = await signedIn();
  const created = await http.post('/api/saved-views', { screen: 'reviews', name: '  Happy customers ', params });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ screen: 'reviews', name: 'Happy customers', params });
  expect((await http.post('/api/saved-views', { screen: 'review-requests', name: 'Failed', params: { statusFilter: 'failed' } })).status).toBe(201);

  const listed = await http.get('/api/saved-views?screen=reviews');
  expect(listed.status).toBe(200);
  expect(listed.body.items.map((v: { name: string }) => v.name)).toEqual(['Happy customers']);

  const id = created.body.id;
  const renamed = await http.put(`/api/saved-views/${id}`, { name: 'Five stars' });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ name: 'Five stars', params });
  const updated = await http.put(`/api/saved-views/${id}`, { params: { tab: 'trash' } });
  expect(updated.body).toMatchObject({ name: 'Five stars', params: { tab: 'trash' } });
  expect((await http.get('/api/saved-views?screen=reviews')).body.items).toEqual([
    expect.objectContaining({ id, name: 'Five stars', params: { tab: 'trash' } }),
  ]);

  expect((await http.delete(`/api/saved-views/${id}`)).body).toEqual({ success: true });
  expect((await http.get('/api/saved-views?screen=reviews')).body.items).toEqual([]);
  expect((await http.delete(`/api/saved-views/${id}`)).status).toBe(404);
});

test('names are unique per shop and screen, whatever their case, with the spec message', async () => {
  const { http } = await signedIn();
  const first = await http.post('/api/saved-views', { screen: 'reviews', name: 'Negative', params });
  expect(first.status).toBe(201);
  const again = await http.post('/api/saved-views', { screen: 'reviews', name: ' negative', params: {} });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ message: TAKEN, code: 'VIEW_NAME_TAKEN', errors: { name: TAKEN } });

  // the same name on another screen, or in another shop, is another view
  expect((await http.post('/api/saved-views', { screen: 'review-requests', name: 'Negative', params: {} })).status).toBe(201);
  const other = await signedIn();
  expect((await other.http.post('/api/saved-views', { screen: 'reviews', name: 'Negative', params: {} })).status).toBe(201);

  // a rename onto a taken name is refused the same way and changes nothing
  const second = await http.post('/api/saved-views', { screen: 'reviews', name: 'Positive', params: {} });
  const clash = await http.put(`/api/saved-views/${second.body.id}`, { name: 'NEGATIVE' });
  expect(clash.status).toBe(409);
  expect(clash.body.errors).toEqual({ name: TAKEN });
  expect((await http.get('/api/saved-views?screen=reviews')).body.items.map((v: { name: string }) => v.name)).toEqual(['Negative', 'Positive']);
});

test("another shop's view can be neither read, renamed, updated nor deleted", async () => {
  const owner = await signedIn();
  const view = (await owner.http.post('/api/saved-views', { screen: 'reviews', name: 'Mine', params })).body;
  const intruder = await signedIn();
  expect((await intruder.http.get('/api/saved-views?screen=reviews')).body.items).toEqual([]);
  expect((await intruder.http.put(`/api/saved-views/${view.id}`, { name: 'Taken over' })).status).toBe(404);
  expect((await intruder.http.put(`/api/saved-views/${view.id}`, { params: {} })).status).toBe(404);
  expect((await intruder.http.delete(`/api/saved-views/${view.id}`)).status).toBe(404);
  // a shop id in the body is not a field: the view is the signed-in shop's
  const smuggled = await intruder.http.post('/api/saved-views', { screen: 'reviews', name: 'Smuggled', params, shopId: owner.shop.id });
  expect(smuggled.status).toBe(400);
  expect((await owner.http.get('/api/saved-views?screen=reviews')).body.items).toEqual([expect.objectContaining({ id: view.id, name: 'Mine', params })]);
});

test('bad input is a 400 naming the field', async () => {
  const { http } = await signedIn();
  const cases: [string, string, unknown, string][] = [
    ['GET', '/api/saved-views', undefined, 'screen'],
    ['GET', '/api/saved-views?screen=Not%20a%20screen', undefined, 'screen'],
    ['POST', '/api/saved-views', { screen: 'reviews', name: '   ', params }, 'name'],
    ['POST', '/api/saved-views', { screen: 'reviews', params }, 'name'],
    ['POST', '/api/saved-views', { screen: 'reviews', name: 'x'.repeat(61), params }, 'name'],
    ['POST', '/api/saved-views', { screen: 'reviews', name: 'Numbers', params: { limit: 20 } }, 'params.limit'],
    ['POST', '/api/saved-views', { screen: 'reviews', name: 'Long', params: { search: 'x'.repeat(1001) } }, 'params.search'],
    ['PUT', '/api/saved-views/abc', { name: 'x' }, '_'],
    ['PUT', '/api/saved-views/1', {}, 'name'],
  ];
  for (const [method, url, body, field] of cases) {
    const res = await http.call(method, url, body);
    expect({ url, body, status: res.status, field: Object.keys(res.body.errors ?? {}) }).toEqual({ url, body, status: 400, field: [field] });
    expect(res.body.errors[field]).toMatch(/^(This field is required|The value is invalid)$/);
  }
});
