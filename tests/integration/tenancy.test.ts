// Shop A, holding a valid token, calls every authenticated route with shop B's ids, domain and
// look-alike bodies. Nothing of B may come back and none of B's rows may change. Routes are read
// from the router itself, so a route added tomorrow is probed tomorrow.
import crypto from 'node:crypto';
import type Router from '@koa/router';
import type { AppState } from '../../api/http/types';
import { client, createShop, eventually, startTestApi, type Reply, type TestApi } from '../support/api';

// the sweep calls every authenticated route several ways, one after another: with each plugin's new
// routes it outgrew the 60 s default on CI's loaded 2 cores (it waits on answers, not on time)
jest.setTimeout(240_000);

const MARKER = `bravo-marker-${crypto.randomBytes(6).toString('hex')}`;
const KNOWN_ROUTES = [
  'GET /api/shops',
  'PUT /api/shops',
  'PUT /api/dev_zone',
  'GET /api/fixture-notes',
  'POST /api/fixture-notes',
  'GET /api/fixture-notes/:id',
  'DELETE /api/fixture-notes/:id',
];

let api: TestApi;
let a: Awaited<ReturnType<typeof createShop>>;
let b: Awaited<ReturnType<typeof createShop>>;
let bIds: number[];

async function snapshotOfB() {
  const shopId = b.shop.id;
  return {
    shops: await api.knex('shops').where({ id: shopId }),
    settings: await api.knex('settings').where({ shopId }).orderBy('id'),
    notes: await api.knex('fixture_notes').where({ shopId }).orderBy('id'),
    savedViews: await api.knex('saved_views').where({ shopId }).orderBy('id'),
  };
}

function routesOf(router: Router<AppState>): { method: string; path: string; params: string[] }[] {
  return router.stack
    .filter((layer) => layer.methods.length > 0)
    .flatMap((layer) => layer.methods.map((method) => ({ method, path: String(layer.path), params: layer.paramNames.map((p) => String(p.name)) })));
}

function substitute(path: string, value: string): string {
  const filled = path.replace(/[:*]([A-Za-z0-9_]+)/g, encodeURIComponent(value)).replace(/[{}]/g, '');
  if (/[:*()?]/.test(filled)) throw new Error(`the tenancy probe cannot fill the route pattern ${path}: teach it`);
  return filled;
}

beforeAll(async () => {
  api = await startTestApi();
  a = await createShop(api, { name: 'Alpha Outfitters', email: 'owner@alpha.example' });
  b = await createShop(api, { name: `Bravo ${MARKER}`, email: `${MARKER}@bravo.example`, shopifyPlan: 'partner_test', sharedSecret: MARKER });
  const asB = client(api.url, b.token);
  const notes = [];
  for (const text of [`first ${MARKER}`, `second ${MARKER}`]) {
    const res = await asB.post('/api/fixture-notes', { text });
    expect(res.status).toBe(201);
    notes.push(res.body);
  }
  const [setting] = await api
    .knex('settings')
    .insert({ shopId: b.shop.id, namespace: 'fixture-notes', value: { note: MARKER } })
    .returning('id');
  // a kernel table of every shop's lists: probed by id like the plugin's rows
  const view = await asB.post('/api/saved-views', { screen: 'reviews', name: `Bravo ${MARKER}`, params: { status: MARKER } });
  expect(view.status).toBe(201);
  expect((await client(api.url, a.token).post('/api/fixture-notes', { text: 'alpha note' })).status).toBe(201);
  // B's notes are stamped by the worker; wait so the snapshot is taken on settled rows.
  await eventually(
    async () =>
      (
        await api
          .knex('fixture_notes')
          .where({ shopId: b.shop.id })
          .where((q) => q.whereNull('stampedAt').orWhereNull('heardAt'))
      ).length === 0,
  );
  bIds = [b.shop.id, ...notes.map((n) => n.id), setting.id, view.body.id];
});
afterAll(() => api.close());

test('the leak detector sees B data when B itself asks', async () => {
  const own = await client(api.url, b.token).get('/api/fixture-notes');
  expect(JSON.stringify(own.body)).toContain(MARKER);
  const shop = await client(api.url, b.token).get('/api/shops');
  expect(JSON.stringify(shop.body)).toContain(b.shop.shopifyDomain);
});

test('shop A reaches nothing of shop B through any authenticated route', async () => {
  const before = await snapshotOfB();
  const routes = routesOf(api.apiRouter);
  const asA = client(api.url, a.token);
  const bDomain = b.shop.shopifyDomain as string;
  const visited = new Set<string>();
  const leaks: string[] = [];
  const answered: Record<string, number[]> = {};

  const queries = ['', `?shop=${bDomain}&shopId=${b.shop.id}&shop_id=${b.shop.id}&id=${bIds[1]}`];
  const bodies = [{}, { id: bIds[1], shopId: b.shop.id, shop_id: b.shop.id, shopDomain: bDomain, shopifyDomain: bDomain, text: 'probe from alpha' }];

  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    visited.add(key);
    const paths = route.params.length ? [...bIds.map(String), bDomain].map((v) => substitute(route.path, v)) : [substitute(route.path, '')];
    const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    for (const path of paths) {
      for (const query of queries) {
        for (const body of withBody ? bodies : [undefined]) {
          const url = path + query;
          const res: Reply = await asA.call(route.method, url, body);
          (answered[key] ??= []).push(res.status);
          const seen = JSON.stringify(res.body ?? '') + JSON.stringify([...res.headers.entries()]);
          const askedWithDomain = url.includes(bDomain) || JSON.stringify(body ?? {}).includes(bDomain);
          if (seen.includes(MARKER) || (!askedWithDomain && seen.includes(bDomain))) {
            leaks.push(`${route.method} ${url} ${JSON.stringify(body)} -> ${res.status} ${seen.slice(0, 300)}`);
          }
        }
      }
    }
  }

  expect({ leaks, rowsOfB: await snapshotOfB() }).toEqual({ leaks: [], rowsOfB: before });
  expect([...visited]).toEqual(expect.arrayContaining(KNOWN_ROUTES));
  for (const key of KNOWN_ROUTES) {
    expect({ key, statuses: answered[key].filter((s) => s === 405 || s >= 500) }).toEqual({ key, statuses: [] });
  }
  // The probe really acted as A: its own shop came back and its own list worked.
  expect(answered['GET /api/shops']).toContain(200);
  expect(answered['GET /api/fixture-notes']).toContain(200);
});

test('B ids in A requests find nothing rather than something', async () => {
  const asA = client(api.url, a.token);
  expect((await asA.post('/api/fixture-notes', { text: 'alpha again' })).status).toBe(201);
  for (const id of bIds.slice(1, 3)) {
    const read = await asA.get(`/api/fixture-notes/${id}`);
    expect(read.status).toBe(404);
    const removed = await asA.delete(`/api/fixture-notes/${id}`);
    expect(removed.body).toEqual({ success: false });
  }
  const list = await asA.get('/api/fixture-notes');
  expect(list.body.items.length).toBeGreaterThan(0);
  expect(list.body.items.every((n: { shopId: number }) => n.shopId === a.shop.id)).toBe(true);
  expect(await api.knex('fixture_notes').where({ shopId: b.shop.id }).count()).toEqual([{ count: 2 }]);
  // saved views: A's list of the same screen holds none of B's, and B's id renames or deletes nothing
  const views = await asA.get('/api/saved-views?screen=reviews');
  expect(views.status).toBe(200);
  expect(JSON.stringify(views.body)).not.toContain(MARKER);
  const bView = bIds[bIds.length - 1];
  expect((await asA.put(`/api/saved-views/${bView}`, { name: 'taken over' })).status).toBe(404);
  expect((await asA.delete(`/api/saved-views/${bView}`)).status).toBe(404);
  expect(await api.knex('saved_views').where({ id: bView }).first('name')).toEqual({ name: `Bravo ${MARKER}` });
});
