// API keys against the real stack: the admin's key routes, and the public API's key check
// (keyAuth, requireScope) on a probe route this file mounts the way /api/public/v1 mounts them, so
// the check is tested whatever public routes exist. Lifecycle (created -> used -> rotated ->
// revoked -> 401), one shop's key reaching nothing of another's, scopes, the rate limit's headers
// and 429, the plan tier, bad input.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppState } from '@plaudit/kernel';
import { client, createShop, startTestApi, updateShop, type TestApi } from '@plaudit/kernel/testing';
import { keyAuth, requireScope } from '../api/key-auth';
import { MAX_ACTIVE_KEYS } from '../api/key-routes';

let api: TestApi;
let probe: Server;
let probeUrl: string;

beforeAll(async () => {
  api = await startTestApi();
  const router = new Router<AppState>({ prefix: '/probe' });
  const auth = keyAuth(api.runtime.services);
  // what the key's shop holds, read through the tenant the check set up
  router.get('/keys', auth, requireScope('reviews:read'), async (ctx) => {
    const rows = await ctx.state.tenant.table('api_keys').select('id', 'shopId');
    ctx.body = { shopId: ctx.state.auth.shopId, shopDomain: ctx.state.auth.shopDomain, keys: rows };
  });
  router.post('/write', auth, requireScope('reviews:write'), (ctx) => void (ctx.body = { ok: true }));
  const app = new Koa<AppState>();
  app.use(router.routes());
  probe = app.listen(0);
  probeUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => probe.close(resolve));
  await api.close();
});

async function enterpriseShop() {
  const { shop, token } = await createShop(api, { plan: 'enterprise', installedAt: new Date('2025-01-01') });
  return { shop, admin: client(api.url, token) };
}

const withKey = (key: string) => client(probeUrl, key);

async function newKey(admin: ReturnType<typeof client>, scopes = ['reviews:read'], name = 'Warehouse sync') {
  const res = await admin.post('/api/api-keys', { name, scopes });
  expect(res.status).toBe(201);
  return res.body as { id: number; key: string; prefix: string };
}

test('a key is shown once, stored hashed, marks its use once a minute, is rotated and revoked -> 401', async () => {
  const { shop, admin } = await enterpriseShop();
  const created = await admin.post('/api/api-keys', { name: '  Warehouse sync  ', scopes: ['reviews:read', 'reviews:read', 'webhooks'] });
  expect(created.status).toBe(201);
  const { key, id } = created.body;
  expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
  expect(created.body).toMatchObject({
    name: 'Warehouse sync',
    prefix: key.slice(0, 12),
    scopes: ['reviews:read', 'webhooks'],
    status: 'active',
    lastUsedAt: null,
  });

  // at rest: the SHA-256 of the key, never the key
  const row = await api.knex('api_keys').where({ id }).first();
  expect(row.secretHash).toBe(crypto.createHash('sha256').update(key).digest('hex'));
  expect(JSON.stringify(row)).not.toContain(key.slice(12));
  // the list never carries a secret
  const listed = await admin.get('/api/api-keys');
  expect(listed.status).toBe(200);
  expect(JSON.stringify(listed.body)).not.toContain(key.slice(12));
  expect(listed.body.items).toEqual([expect.objectContaining({ id, name: 'Warehouse sync', status: 'active', lastUsedAt: null })]);
  expect(listed.body.items[0]).not.toHaveProperty('key');
  expect(listed.body.access).toEqual({ allowed: true, tier: 'third' });

  // used: last used is set, and a second call within the minute does not write it again
  const used = await withKey(key).get('/probe/keys');
  expect(used.status).toBe(200);
  expect(used.body).toMatchObject({ shopId: shop.id, shopDomain: shop.shopifyDomain });
  const firstUse = (await admin.get('/api/api-keys')).body.items[0].lastUsedAt;
  expect(firstUse).not.toBeNull();
  expect((await client(probeUrl).get('/probe/keys', { 'x-api-key': key })).status).toBe(200); // the other header integrators use
  expect((await admin.get('/api/api-keys')).body.items[0].lastUsedAt).toBe(firstUse);

  // rotated: a new key with the same name and scopes; the old one is refused at once
  const rotated = await admin.post(`/api/api-keys/${id}/rotate`);
  expect(rotated.status).toBe(201);
  expect(rotated.body).toMatchObject({ name: 'Warehouse sync', scopes: ['reviews:read', 'webhooks'], rotatedFrom: id, status: 'active' });
  expect(rotated.body.key).not.toBe(key);
  const old = await withKey(key).get('/probe/keys');
  expect(old.status).toBe(401);
  expect(old.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  expect((await withKey(rotated.body.key).get('/probe/keys')).status).toBe(200);
  expect((await admin.post(`/api/api-keys/${id}/rotate`)).status).toBe(404); // a revoked key cannot be rotated again

  // revoked: refused from the next call on; revoking again changes nothing
  const revoked = await admin.delete(`/api/api-keys/${rotated.body.id}`);
  expect(revoked.status).toBe(200);
  expect(revoked.body).toMatchObject({ id: rotated.body.id, status: 'revoked', revokedAt: expect.any(String) });
  expect((await withKey(rotated.body.key).get('/probe/keys')).status).toBe(401);
  expect((await admin.delete(`/api/api-keys/${rotated.body.id}`)).body.revokedAt).toBe(revoked.body.revokedAt);
  const statuses = (await admin.get('/api/api-keys')).body.items.map((k: { status: string }) => k.status);
  expect(statuses).toEqual(['revoked', 'revoked']);
});

test('missing, malformed and unknown keys get 401 with a bearer challenge', async () => {
  const none = await client(probeUrl).get('/probe/keys');
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toBe('Bearer realm="plaudit"');
  expect(none.body.error.code).toBe('UNAUTHENTICATED');
  for (const key of ['nonsense', `pk_live_${'A'.repeat(43)}`]) {
    const res = await withKey(key).get('/probe/keys');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  }
  // an admin app token is no API key
  const { token } = await createShop(api, { plan: 'enterprise' });
  expect((await client(probeUrl, token).get('/probe/keys')).status).toBe(401);
});

test("a key of shop A reaches nothing of shop B: B's rows, B's key ids in the admin routes", async () => {
  const a = await enterpriseShop();
  const b = await enterpriseShop();
  const keyA = await newKey(a.admin);
  const keyB = await newKey(b.admin);

  const asA = await withKey(keyA.key).get('/probe/keys');
  expect(asA.status).toBe(200);
  expect(asA.body.shopId).toBe(a.shop.id);
  expect(asA.body.keys).toEqual([{ id: keyA.id, shopId: a.shop.id }]);
  expect(JSON.stringify(asA.body)).not.toContain(b.shop.shopifyDomain);

  // A's admin cannot see, rotate or revoke B's key
  expect((await a.admin.get('/api/api-keys')).body.items.map((k: { id: number }) => k.id)).toEqual([keyA.id]);
  expect((await a.admin.post(`/api/api-keys/${keyB.id}/rotate`)).status).toBe(404);
  expect((await a.admin.delete(`/api/api-keys/${keyB.id}`)).status).toBe(404);
  expect((await withKey(keyB.key).get('/probe/keys')).body.shopId).toBe(b.shop.id);
  expect((await api.knex('api_keys').where({ id: keyB.id }).first()).revokedAt).toBeNull();
});

test('scopes are enforced per route', async () => {
  const { admin } = await enterpriseShop();
  const writer = await newKey(admin, ['reviews:write']);
  const read = await withKey(writer.key).get('/probe/keys');
  expect(read.status).toBe(403);
  expect(read.body).toEqual({ error: { code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('reviews:read'), scope: 'reviews:read' } });
  expect((await withKey(writer.key).post('/probe/write')).status).toBe(200);
  const reader = await newKey(admin, ['reviews:read']);
  expect((await withKey(reader.key).post('/probe/write')).body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', scope: 'reviews:write' });
});

test('every answer carries RateLimit-* headers; past the budget 429 with Retry-After', async () => {
  const { admin } = await enterpriseShop();
  const { id, key } = await newKey(admin);
  // a budget of 3 a minute for this key (operators set api_keys.rate_limit; the default is 120)
  await api.knex('api_keys').where({ id }).update({ rateLimit: 3 });
  for (const remaining of [2, 1, 0]) {
    const res = await withKey(key).get('/probe/keys');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('3');
    expect(res.headers.get('ratelimit-remaining')).toBe(String(remaining));
    expect(res.headers.get('ratelimit-policy')).toBe('3;w=60');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
  }
  const over = await withKey(key).get('/probe/keys');
  expect(over.status).toBe(429);
  expect(over.body.error.code).toBe('RATE_LIMITED');
  expect(over.headers.get('ratelimit-remaining')).toBe('0');
  const retryAfter = Number(over.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // another key of the same shop has its own budget
  const other = await newKey(admin);
  const fresh = await withKey(other.key).get('/probe/keys');
  expect(fresh.status).toBe(200);
  expect(fresh.headers.get('ratelimit-remaining')).toBe('119');
});

test('the public API is third tier: below it no key is made and existing keys are refused', async () => {
  const { shop: free, token } = await createShop(api, { plan: 'free', installedAt: new Date('2025-01-01') });
  const http = client(api.url, token);
  const refused = await http.post('/api/api-keys', { name: 'Nope', scopes: ['reviews:read'] });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 'PLAN_TIER_TOO_LOW', tier: 'third' });
  expect((await http.get('/api/api-keys')).body).toEqual({ items: [], access: { allowed: false, tier: 'third' } });
  expect(await api.knex('api_keys').where({ shopId: free.id }).count()).toEqual([{ count: 0 }]);

  // a shop that moves down to Advanced keeps its keys listed and revocable, but they stop working
  const { shop, admin } = await enterpriseShop();
  const { id, key } = await newKey(admin);
  await updateShop(api, shop.id, { plan: 'advanced' });
  const below = await withKey(key).get('/probe/keys');
  expect(below.status).toBe(403);
  expect(below.body).toEqual({ error: { code: 'PLAN_TIER_TOO_LOW', message: expect.any(String), tier: 'third' } });
  expect((await admin.post(`/api/api-keys/${id}/rotate`)).status).toBe(403);
  expect((await admin.delete(`/api/api-keys/${id}`)).status).toBe(200);
});

test('bad input gets 400 with a message per field, and a shop holds a bounded number of keys', async () => {
  const { admin } = await enterpriseShop();
  const empty = await admin.post('/api/api-keys', { name: '   ', scopes: [] });
  expect(empty.status).toBe(400);
  expect(empty.body.errors).toEqual({ name: 'This field is required', scopes: 'Choose at least one scope' });
  const long = await admin.post('/api/api-keys', { name: 'x'.repeat(61), scopes: ['orders:read'], admin: true });
  expect(long.status).toBe(400);
  expect(long.body.errors).toEqual({ name: 'At most 60 characters', 'scopes.0': expect.stringContaining('reviews:read'), admin: 'Unknown field' });
  expect((await admin.post('/api/api-keys', 'not json')).status).toBe(400);
  expect((await admin.post('/api/api-keys', { scopes: ['reviews:read'] })).body.errors).toHaveProperty('name');
  expect((await admin.delete('/api/api-keys/not-a-number')).status).toBe(400);
  expect((await admin.post('/api/api-keys/0/rotate')).status).toBe(400);

  for (let i = 0; i < MAX_ACTIVE_KEYS; i++) await newKey(admin, ['reviews:read'], `Key ${i}`);
  const tooMany = await admin.post('/api/api-keys', { name: 'One more', scopes: ['reviews:read'] });
  expect(tooMany.status).toBe(409);
  expect(tooMany.body.code).toBe('KEY_LIMIT');
});
