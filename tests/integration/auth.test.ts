// Only a valid, unexpired app token for an installed shop opens the API, and only for that shop.
import crypto from 'node:crypto';
import { appTokenKey, signAppToken } from '../../api/auth/app-token';
import { client, createShop, startTestApi, tokenFor, type TestApi } from '../support/api';

let api: TestApi;
let key: crypto.KeyObject;
beforeAll(async () => {
  api = await startTestApi();
  key = appTokenKey(api.config.encryptionKey!);
});
afterAll(() => api.close());

async function expectRejected(token: string | undefined, code: string) {
  const res = await client(api.url, token).get('/api/shops');
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, code });
  expect(JSON.stringify(res.body)).not.toContain('myshopify.com');
}

function reSigned(token: string, edit: (claims: Record<string, unknown>) => void, signingKey = key): string {
  const [head, body] = token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  edit(claims);
  const newBody = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const sig = crypto.createHmac('sha256', signingKey).update(`${head}.${newBody}`).digest('base64url');
  return `${head}.${newBody}.${sig}`;
}

test('no credentials: 401', async () => {
  await expectRejected(undefined, 'UNAUTHENTICATED');
});

test('a credential that is not a bearer app token: 401', async () => {
  const res = await client(api.url).get('/api/shops', { authorization: 'Basic YWRtaW46YWRtaW4=' });
  expect(res.status).toBe(401);
  await expectRejected('not-a-jwt', 'UNAUTHENTICATED');
});

test('a token whose claims were changed after signing: 401', async () => {
  const { token } = await createShop(api);
  const { shop: theirs } = await createShop(api);
  const [head, , sig] = token.split('.');
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: theirs.shopifyDomain })).toString('base64url');
  await expectRejected(`${head}.${forged}.${sig}`, 'INVALID_TOKEN');
});

test('a token with a truncated signature: 401', async () => {
  const { token } = await createShop(api);
  await expectRejected(token.slice(0, -4), 'INVALID_TOKEN');
});

test('an expired token: 401', async () => {
  const { shop } = await createShop(api);
  const anHourAgo = Date.now() - 2 * 3600 * 1000;
  await expectRejected(signAppToken(key, shop.shopifyDomain, 3600, anHourAgo), 'INVALID_TOKEN');
});

test('a token signed with another key: 401', async () => {
  const { shop } = await createShop(api);
  const otherKey = appTokenKey(crypto.randomBytes(32));
  await expectRejected(signAppToken(otherKey, shop.shopifyDomain, 3600), 'INVALID_TOKEN');
});

test('a token claiming "none" as its algorithm: 401', async () => {
  const { token } = await createShop(api);
  const [, body] = token.split('.');
  const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  await expectRejected(`${head}.${body}.`, 'INVALID_TOKEN');
});

test('a token for another audience: 401', async () => {
  const { token } = await createShop(api);
  await expectRejected(
    reSigned(token, (c) => (c.aud = 'someone-else')),
    'INVALID_TOKEN',
  );
});

test('a token for a shop that does not exist: 401', async () => {
  await expectRejected(tokenFor(api.config, 'never-installed.myshopify.com'), 'INVALID_TOKEN');
});

test('a token for an uninstalled shop: 401, though it was valid before', async () => {
  const { shop, token } = await createShop(api);
  expect((await client(api.url, token).get('/api/shops')).status).toBe(200);
  await api.knex('shops').where({ id: shop.id }).update({ uninstalledAt: new Date() });
  await expectRejected(token, 'INVALID_TOKEN');
});

test('a valid token: 200 with that shop and no other', async () => {
  const { shop, token } = await createShop(api, { email: 'owner@shop-a.example' });
  await createShop(api, { email: 'owner@shop-b.example' });
  const res = await client(api.url, token).get('/api/shops');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: shop.id, shopifyDomain: shop.shopifyDomain, email: 'owner@shop-a.example' });
});

test('the scheme name is case-insensitive, as HTTP says', async () => {
  const { shop, token } = await createShop(api);
  const res = await client(api.url).get('/api/shops', { authorization: `bearer ${token}` });
  expect(res.status).toBe(200);
  expect(res.body.shopifyDomain).toBe(shop.shopifyDomain);
});
