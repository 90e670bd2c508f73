// The read replica (issue 31, item 2) on a real PostgreSQL primary streaming to a replica: storefront,
// analytics and export reads use the replica once it has replayed what they must see; replica lag
// (replay paused) never shows the storefront rows older than the feed version its cache keys on; the
// replica stopped, the same reads come from the primary. The API runs in a namespace of its own (its
// database's ids are not the run's) on a task queue no worker polls: what it hands to Temporal stays
// there (this test reads, it runs no workflow).
import crypto from 'node:crypto';
import path from 'node:path';
import { createKnex } from '../../api/db/knex';
import { migrateLatest } from '../../api/db/migrations';
import { discoverPlugins } from '../../api/plugins/discover';
import { ROOT } from '../../api/runtime/stack';
import { client, createShop, eventually, startTestApi, type TestApi } from '../support/api';
import { ownNamespace } from '../support/namespace';
import { type ReplicatedPostgres, replicatedPostgres } from '../support/postgres-replica';

jest.setTimeout(5 * 60_000);

const SECRET = 'replica-test-secret';
let pg: ReplicatedPostgres;
let api: TestApi;

beforeAll(async () => {
  pg = await replicatedPostgres('plaudit_replica_test');
  const knex = createKnex(pg.primaryUrl, { min: 0, max: 2 }, { bindModels: false });
  await migrateLatest(knex, path.join(ROOT, 'migrations'), discoverPlugins([path.join(ROOT, 'plugins')]));
  await knex.destroy();
  const name = `replica-test-${crypto.randomBytes(4).toString('hex')}`;
  api = await startTestApi({
    DATABASE_URL: pg.primaryUrl,
    DATABASE_REPLICA_URL: pg.replicaUrl,
    TEMPORAL_NAMESPACE: await ownNamespace(name),
    TEMPORAL_TASK_QUEUE: name,
    SHOPIFY_API_KEY: 'replica-test-key',
    SHOPIFY_API_SECRET: SECRET,
  });
});
afterAll(async () => {
  await api?.close();
  await pg?.stop();
});

const reads = () => api.runtime.services.reads;

/** A shop with the merchant's API client and its storefront (no other plugin's test helpers: a tree without one still type-checks). */
async function shopWithClient() {
  const { shop, token } = await createShop(api, { plan: 'pro' });
  return { shop, token, http: client(api.url, token), direct: client(`${api.url}/storefront/shops/${shop.shopifyDomain}`) };
}

/** Reviews of product 1 written as the merchant does (POST /api/reviews). */
async function createReviews(http: ReturnType<typeof client>, specs: { status?: string; content?: string }[]) {
  const created: { id: number }[] = [];
  for (const [i, spec] of specs.entries()) {
    const res = await http.post('/api/reviews', {
      kind: 'product',
      productId: 'gid://shopify/Product/1',
      productTitle: 'Wool Hat',
      rating: 5,
      content: spec.content ?? `replica review ${i}`,
      firstName: 'Ann',
      email: `ann${i}@example.com`,
      status: spec.status ?? 'published',
    });
    if (res.status !== 201) throw new Error(`review not created: ${res.status} ${JSON.stringify(res.body)}`);
    created.push({ id: res.body.id });
  }
  return created;
}
/** Which server answered a read: the replica is in recovery, the primary is not. */
const answeredBy = (shop: { shopId: number; shopDomain: string }, after?: string) =>
  reads().read(shop, async (_t, knex) => ((await knex.raw('SELECT pg_is_in_recovery() AS r')).rows[0].r ? 'replica' : 'primary'), { after });
const shopsNamed = (shop: { shopId: number; shopDomain: string }, domain: string, after?: string) =>
  reads().read(shop, async (_t, knex) => Number((await knex('shops').where({ shopifyDomain: domain }).count({ n: '*' }))[0].n), { after });

test('a read that must see a write reads the primary while the replica lags, and the replica once it has replayed it', async () => {
  const { shop } = await createShop(api);
  const me = { shopId: shop.id as number, shopDomain: shop.shopifyDomain as string };
  expect(reads().configured).toBe(true);
  await eventually(async () => (await answeredBy(me)) === 'replica');

  await pg.onReplica('SELECT pg_wal_replay_pause()');
  try {
    await eventually(async () => (await pg.onReplica<{ p: boolean }>('SELECT pg_is_wal_replay_paused() AS p'))[0].p);
    const { shop: added } = await createShop(api);
    const after = await reads().position();
    expect(after).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    // the replica lags: it has not seen the new shop, so a read that must see it goes to the primary
    expect(await shopsNamed(me, added.shopifyDomain)).toBe(0);
    expect(await answeredBy(me, after)).toBe('primary');
    expect(await shopsNamed(me, added.shopifyDomain, after)).toBe(1);
  } finally {
    await pg.onReplica('SELECT pg_wal_replay_resume()');
  }
  const after = await reads().position();
  await eventually(async () => (await answeredBy(me, after)) === 'replica');
});

test('replica lag never shows the storefront rows older than their feed version: a publication shows at once while replay is paused', async () => {
  const { shop, http, direct } = await shopWithClient();
  const me = { shopId: shop.id as number, shopDomain: shop.shopifyDomain as string };
  const [shown, held] = await createReviews(http, [{}, { status: 'unpublished' }]);
  const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id).sort();
  // the replica has caught up with both reviews and serves the storefront
  const caughtUp = await reads().position();
  await eventually(async () => (await answeredBy(me, caughtUp)) === 'replica');
  expect(ids((await direct.get('/api/products/1/reviews')).body)).toEqual([shown.id]);

  await pg.onReplica('SELECT pg_wal_replay_pause()');
  try {
    await eventually(async () => (await pg.onReplica<{ p: boolean }>('SELECT pg_is_wal_replay_paused() AS p'))[0].p);
    expect((await http.post(`/api/reviews/${held.id}/publish`)).body).toMatchObject({ success: true, count: 1 });
    // the replica still has the review held ...
    const onReplica = await reads().read(me, async (_t, knex) => (await knex('reviews').where({ id: held.id }).first('status')).status);
    expect(onReplica).toBe('unpublished');
    // ... yet the storefront shows it as soon as the change notification drops the cached answer
    const after = await eventually(async () => {
      const res = await direct.get('/api/products/1/reviews');
      return res.body.data.length === 2 && res;
    });
    expect(ids(after.body)).toEqual([shown.id, held.id].sort());
    expect((await pg.onReplica<{ p: boolean }>('SELECT pg_is_wal_replay_paused() AS p'))[0].p).toBe(true);
  } finally {
    await pg.onReplica('SELECT pg_wal_replay_resume()');
  }
});

test('analytics and exports answer from the replica (read-only) as from the primary', async () => {
  const { shop, token, http } = await shopWithClient();
  const me = { shopId: shop.id as number, shopDomain: shop.shopifyDomain as string };
  await createReviews(http, [{ content: 'Replica export probe' }]);
  const caughtUp = await reads().position();
  await eventually(async () => (await answeredBy(me, caughtUp)) === 'replica');
  const overview = await http.get('/api/analytics/overview');
  expect(overview.status).toBe(200);
  expect(overview.body).toHaveProperty('figures');
  const exported = await fetch(`${api.url}/api/imports/export?type=csv`, { headers: { authorization: `Bearer ${token}` } });
  expect(exported.status).toBe(200);
  expect(await exported.text()).toContain('Replica export probe');
});

test('the replica stopped: storefront reads come from the primary, the first one included', async () => {
  const { shop, http, direct } = await shopWithClient();
  const me = { shopId: shop.id as number, shopDomain: shop.shopifyDomain as string };
  const [review] = await createReviews(http, [{}]);
  const caughtUp = await reads().position();
  await eventually(async () => (await answeredBy(me, caughtUp)) === 'replica');
  await pg.stopReplica();
  // no wait for the health poll: a read failing on the stopped replica is read again from the primary
  expect(await answeredBy(me)).toBe('primary');
  const res = await direct.get('/api/products/1/reviews?limit=5');
  expect(res.status).toBe(200);
  expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([review.id]);
  expect((await http.get('/api/analytics/overview')).status).toBe(200);
});
