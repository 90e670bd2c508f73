// OAuth against the emulator, checked by @shopify/shopify-api itself: the consent page, the
// callback HMAC, single-use codes, token exchange, refresh, expiry and session tokens.
import { RequestedTokenType, type Session } from '@shopify/shopify-api';
import { BROWSER_UA, shopifyFor } from './library';
import { API_KEY, API_SECRET, DEMO_SHOP, gqlClient, offlineToken, postJson, sessionToken, startTestEmulator, type TestEmulator } from './support';
import { signJwt } from '../../emulator/jwt';

const INVALID_TOKEN = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.stop());

const authorizeUrl = (over: Record<string, string> = {}) =>
  `${t.shopUrl('/admin/oauth/authorize')}?${new URLSearchParams({ client_id: API_KEY, scope: 'read_products,write_discounts', redirect_uri: `${t.app.url}/auth/callback`, state: 'nonce-123', ...over })}`;

/** Presses Install on the consent page and returns the callback URL Shopify redirects to. */
async function install(over: Record<string, string> = {}): Promise<URL> {
  const form = new URLSearchParams({
    client_id: API_KEY,
    scope: 'read_products,write_discounts',
    redirect_uri: `${t.app.url}/auth/callback`,
    state: 'nonce-123',
    ...over,
  });
  const res = await fetch(t.shopUrl('/admin/oauth/authorize'), { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

test('the consent page names the shop and scopes, with Install and Cancel', async () => {
  const res = await fetch(authorizeUrl());
  const body = await res.text();
  expect(res.status).toBe(200);
  expect(body).toContain('Install Plaudit on Plaudit Demo');
  expect(body).toContain('read_products');
  expect(body).toContain('write_discounts');
  expect(body).toMatch(/<button[^>]*>Install<\/button>/);
  expect(body).toMatch(/<a href="[^"]*">Cancel<\/a>/);
  expect((await fetch(authorizeUrl({ client_id: 'someone-else' }))).status).toBe(400);
  expect((await fetch(authorizeUrl({ redirect_uri: 'https://evil.example/cb' }))).status).toBe(400);
});

test("the callback query passes the library's HMAC check; a tampered one does not", async () => {
  const shopify = shopifyFor(t);
  const callback = await install();
  const q = Object.fromEntries(callback.searchParams);
  expect(callback.origin + callback.pathname).toBe(`${t.app.url}/auth/callback`);
  expect(Object.keys(q).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
  expect(q.shop).toBe(DEMO_SHOP);
  expect(Buffer.from(q.host, 'base64url').toString()).toBe('admin.shopify.com/store/plaudit-demo');
  expect(await shopify.utils.validateHmac(q)).toBe(true);
  expect(await shopify.utils.validateHmac({ ...q, shop: 'other-shop.myshopify.com' })).toBe(false);
  expect(await shopifyFor(t, 'wrong-secret').utils.validateHmac(q)).toBe(false);
});

test("the library's own begin and callback complete OAuth against the emulator", async () => {
  const shopify = shopifyFor(t);
  let session: Session | undefined;
  t.app.routes.set('/auth', (req, res) =>
    shopify.auth.begin({ shop: DEMO_SHOP, callbackPath: '/auth/callback', isOnline: false, rawRequest: req, rawResponse: res }),
  );
  t.app.routes.set('/auth/callback', async (req, res) => {
    session = (await shopify.auth.callback({ rawRequest: req, rawResponse: res, expiring: true })).session;
    res.end('ok');
  });
  const begin = await fetch(`${t.app.url}/auth`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
  const cookies = begin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const authorize = new URL(begin.headers.get('location')!.replace(`https://${DEMO_SHOP}`, `${t.em.url}/shops/${DEMO_SHOP}`));
  expect((await fetch(authorize)).status).toBe(200);
  const callback = await install(Object.fromEntries(authorize.searchParams));
  const done = await fetch(callback, { headers: { Cookie: cookies, 'User-Agent': BROWSER_UA } });
  expect(await done.text()).toBe('ok');
  expect(session?.accessToken).toMatch(/^shpat_/);
  expect(session?.refreshToken).toMatch(/^shprt_/);
  expect(session?.scope).toBe('read_products,read_orders,write_discounts');
  const shop = await gqlClient(t, session!.accessToken!)('{ shop { myshopifyDomain } }');
  expect(shop.json.data.shop.myshopifyDomain).toBe(DEMO_SHOP);
});

test('an authorization code works once', async () => {
  const code = (await install()).searchParams.get('code')!;
  const exchange = () => postJson(t.shopUrl('/admin/oauth/access_token'), { client_id: API_KEY, client_secret: API_SECRET, code });
  const first = await exchange();
  expect(first.status).toBe(200);
  expect(Object.keys(first.json).sort()).toEqual(['access_token', 'scope']);
  const second = await exchange();
  expect(second.status).toBe(400);
  expect(second.json.error).toBe('invalid_request');
  expect(second.json.error_description).toMatch(/authorization code was not found or was already used/);
  const formCode = (await install()).searchParams.get('code')!;
  const form = await fetch(t.shopUrl('/admin/oauth/access_token'), {
    method: 'POST',
    body: new URLSearchParams({ client_id: API_KEY, client_secret: API_SECRET, code: formCode, expiring: '1' }),
  });
  expect(Object.keys((await form.json()) as object).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'refresh_token_expires_in', 'scope']);
  const code2 = (await install()).searchParams.get('code')!;
  const wrongSecret = await postJson(t.shopUrl('/admin/oauth/access_token'), { client_id: API_KEY, client_secret: 'nope', code: code2 });
  expect(wrongSecret.status).toBe(400);
  expect(wrongSecret.json.error).toBe('invalid_request');
});

test('session tokens carry exactly the documented claims and the library accepts them', async () => {
  const shopify = shopifyFor(t);
  const token = await sessionToken(t);
  const payload = await shopify.session.decodeSessionToken(token);
  expect(Object.keys(payload).sort()).toEqual(['aud', 'dest', 'exp', 'iat', 'iss', 'jti', 'nbf', 'sid', 'sub']);
  expect(payload).toMatchObject({ iss: `https://${DEMO_SHOP}/admin`, dest: `https://${DEMO_SHOP}`, aud: API_KEY });
  expect(payload.exp - payload.iat).toBe(60);
  expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
});

test('token exchange through the library, and a forged session token refused', async () => {
  const shopify = shopifyFor(t);
  const { session } = await shopify.auth.tokenExchange({
    shop: DEMO_SHOP,
    sessionToken: await sessionToken(t),
    requestedTokenType: RequestedTokenType.OfflineAccessToken,
    expiring: true,
  });
  expect(session.accessToken).toMatch(/^shpat_/);
  expect(session.expires!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  const online = await shopify.auth.tokenExchange({
    shop: DEMO_SHOP,
    sessionToken: await sessionToken(t),
    requestedTokenType: RequestedTokenType.OnlineAccessToken,
  });
  expect(online.session.isOnline).toBe(true);
  expect(online.session.onlineAccessInfo?.associated_user.email).toMatch(/@/);

  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://${DEMO_SHOP}/admin`,
    dest: `https://${DEMO_SHOP}`,
    aud: API_KEY,
    sub: '1',
    exp: now + 60,
    nbf: now,
    iat: now,
    jti: 'x',
    sid: 'y',
  };
  const forged = await postJson(t.shopUrl('/admin/oauth/access_token'), {
    client_id: API_KEY,
    client_secret: API_SECRET,
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: signJwt(claims, 'not-the-secret'),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
  });
  expect(forged.status).toBe(400);
  expect(forged.json).toEqual({ error: 'invalid_subject_token', error_description: 'Token exchange cannot be performed due to an invalid subject token.' });
  const otherShop = await postJson(t.shopUrl('/admin/oauth/access_token', 'plaudit-dev.myshopify.com'), {
    client_id: API_KEY,
    client_secret: API_SECRET,
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: await sessionToken(t),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
  });
  expect(otherShop.json.error).toBe('invalid_subject_token');
});

test('the refresh grant rotates tokens; an old refresh token is refused', async () => {
  const shopify = shopifyFor(t);
  const first = await offlineToken(t);
  const { session } = await shopify.auth.refreshToken({ shop: DEMO_SHOP, refreshToken: first.refresh_token });
  expect(session.accessToken).not.toBe(first.access_token);
  expect(session.refreshToken).not.toBe(first.refresh_token);
  const again = await postJson(t.shopUrl('/admin/oauth/access_token'), {
    client_id: API_KEY,
    client_secret: API_SECRET,
    grant_type: 'refresh_token',
    refresh_token: first.refresh_token,
  });
  expect(again.status).toBe(400);
  expect(again.json.error).toBe('invalid_grant');
});

test('expired tokens get 401 until refreshed; unknown tokens get 401', async () => {
  const tokens = await offlineToken(t);
  const gql = gqlClient(t, tokens.access_token);
  expect((await gql('{ shop { name } }')).status).toBe(200);
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/expire-tokens`, {});
  const expired = await gql('{ shop { name } }');
  expect(expired.status).toBe(401);
  expect(expired.json).toEqual(INVALID_TOKEN);
  const refreshed = await postJson(t.shopUrl('/admin/oauth/access_token'), {
    client_id: API_KEY,
    client_secret: API_SECRET,
    grant_type: 'refresh_token',
    refresh_token: tokens.refresh_token,
  });
  expect(refreshed.json).toEqual({
    access_token: expect.any(String),
    expires_in: 3600,
    refresh_token: expect.any(String),
    refresh_token_expires_in: expect.any(Number),
    scope: expect.any(String),
  });
  expect((await gqlClient(t, refreshed.json.access_token)('{ shop { name } }')).status).toBe(200);
  const unknown = await gqlClient(t, 'shpat_nonsense')('{ shop { name } }');
  expect(unknown.status).toBe(401);
  expect(unknown.json).toEqual(INVALID_TOKEN);
});
