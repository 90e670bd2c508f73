// Sign-in against the store emulator: OAuth callback checks, session tokens, token exchange,
// transparent refresh of expiring offline tokens, and the catalogue calls.
import { client } from '../support/api';
import { signSessionToken, startPlatformStack } from '../support/platform';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
const BROWSER_UA = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

/** Starts OAuth at the app, approves it at the emulator, and returns the callback URL and state cookie. */
async function oauthCallback(shop: string): Promise<{ callback: URL; cookie: string }> {
  const begin = await fetch(`${stack.appUrl}/auth/shopify?shop=${shop}`, { redirect: 'manual', headers: BROWSER_UA });
  expect(begin.status).toBe(302);
  const authorize = new URL(begin.headers.get('location')!);
  expect(authorize.origin).toBe(new URL(stack.emulator.url).origin);
  const cookie = begin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const consent = await fetch(authorize.toString().replace('/authorize', '/authorize/approve'), { method: 'POST', redirect: 'manual' }).catch(() => undefined);
  const location = consent?.headers.get('location') ?? (await approveByForm(authorize));
  return { callback: new URL(location), cookie };
}

/** The consent page's Install form, submitted as a browser would. */
async function approveByForm(authorize: URL): Promise<string> {
  const page = await (await fetch(authorize)).text();
  const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(page) ?? /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(page);
  if (!form) throw new Error(`no install form on the consent page: ${page.slice(0, 300)}`);
  const inputs = [...page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]);
  const res = await fetch(new URL(form[1].replace(/&amp;/g, '&'), authorize), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(inputs),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.headers.get('location')!;
}

test('the OAuth state cookies are HttpOnly, Secure and SameSite=Lax', async () => {
  const begin = await fetch(`${stack.appUrl}/auth/shopify?shop=${(await stack.installShop()).domain}`, { redirect: 'manual', headers: BROWSER_UA });
  const cookies = begin.headers.getSetCookie();
  expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['shopify_app_state', 'shopify_app_state.sig']);
  for (const c of cookies) {
    expect(c).toMatch(/;\s*HttpOnly/i);
    expect(c).toMatch(/;\s*Secure/i);
    expect(c).toMatch(/;\s*SameSite=Lax/i);
  }
});

async function callApp(url: URL, cookie: string) {
  return fetch(`${stack.appUrl}${url.pathname}${url.search}`, { redirect: 'manual', headers: { cookie, ...BROWSER_UA } });
}

describe('OAuth (standalone sign-in)', () => {
  test('a valid callback installs the shop and hands the admin an app token', async () => {
    const { domain } = await stack.installShop();
    const { callback, cookie } = await oauthCallback(domain);
    const res = await callApp(callback, cookie);
    expect(res.status).toBe(302);
    const token = new URLSearchParams(new URL(res.headers.get('location')!, stack.appUrl).hash.slice(1)).get('token');
    const me = await client(stack.appUrl, token!).get('/api/shops');
    expect(me.body).toMatchObject({ shopifyDomain: domain, isDevelopmentStore: false });
  });

  test.each([
    ['a bad HMAC', (u: URL) => u.searchParams.set('hmac', '0'.repeat(64))],
    ['a stale timestamp', (u: URL) => u.searchParams.set('timestamp', String(Math.floor(Date.now() / 1000) - 3600))],
    ['a state mismatch', (u: URL) => u.searchParams.set('state', 'not-the-state')],
  ])('a callback with %s is refused', async (_name, tamper) => {
    const { domain } = await stack.installShop();
    const { callback, cookie } = await oauthCallback(domain);
    tamper(callback);
    const res = await callApp(callback, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in failed');
  });

  test('a shop domain that is not a myshopify.com domain is refused before any redirect', async () => {
    const res = await fetch(`${stack.appUrl}/auth/shopify?shop=evil.example.com`, { redirect: 'manual' });
    expect(res.status).toBe(400);
  });
});

describe('session tokens (embedded admin)', () => {
  test('a valid session token installs a new shop through token exchange and authenticates', async () => {
    const { domain } = await stack.installShop();
    await stack.api.knex('shops').where({ shopifyDomain: domain }).del();
    const token = await stack.sessionToken(domain);
    const res = await client(stack.appUrl, token).get('/api/shops');
    expect(res.status).toBe(200);
    expect(res.body.shopifyDomain).toBe(domain);
    const sessions = await stack.api.knex('sessions').where({ shopId: res.body.id });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].accessTokenEncrypted).not.toContain('shpat');
  });

  test.each([
    ['a wrong audience', { aud: 'someone-else' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 120 }],
    ['dest and iss naming different shops', { iss: 'https://other-shop.myshopify.com/admin' }],
  ])('%s is refused with the retry header', async (_name, claims) => {
    const { domain } = await stack.installShop();
    const token = signSessionToken({ iss: `https://${domain}/admin`, dest: `https://${domain}`, ...claims });
    const res = await client(stack.appUrl, token).get('/api/shops');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-shopify-retry-invalid-session-request')).toBe('1');
  });

  test('a development store is refused with its own code', async () => {
    const token = await stack.sessionToken('plaudit-dev.myshopify.com');
    const res = await client(stack.appUrl, token).get('/api/shops');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('DEVELOPMENT_STORE');
  });
});

describe('Admin API through the offline token', () => {
  test('an expired offline token is refreshed transparently', async () => {
    const { domain, shop, appToken } = await stack.installShop();
    const before = await stack.api.knex('sessions').where({ shopId: shop.id }).first();
    await stack.control(`/shops/${domain}/expire-tokens`, {});
    const res = await client(stack.appUrl, appToken).get('/api/shopify/searchProducts?limit=3');
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(3);
    const after = await stack.api.knex('sessions').where({ shopId: shop.id }).first();
    expect(after.accessTokenEncrypted).not.toBe(before.accessTokenEncrypted);
  });

  test('a shop whose offline token is gone is sent back through auth', async () => {
    const { domain, shop, appToken } = await stack.installShop();
    await stack.api.knex('sessions').where({ shopId: shop.id }).del();
    const res = await client(stack.appUrl, appToken).get('/api/shopify/searchProducts');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('REAUTHORIZE');
    expect(res.headers.get('x-shopify-api-request-failure-reauthorize-url')).toBe(`/auth/shopify?shop=${domain}`);
  });

  test('products page by cursor and filter by title; customers search', async () => {
    const { appToken } = await stack.installShop();
    const http = client(stack.appUrl, appToken);
    const first = await http.get('/api/shopify/searchProducts?limit=2&withReviewsCount=true');
    expect(first.body.products).toHaveLength(2);
    expect(first.body.products[0]).toMatchObject({ allStarCount: 0, summary: { count: 0 } });
    expect(first.body.pageInfo.hasNextPage).toBe(true);
    const second = await http.get(`/api/shopify/searchProducts?limit=2&after=${encodeURIComponent(first.body.pageInfo.endCursor)}`);
    expect(second.body.products[0].id).not.toBe(first.body.products[0].id);
    const title = first.body.products[0].title.split(' ')[0];
    const found = await http.get(`/api/shopify/searchProducts?search=${encodeURIComponent(title)}`);
    expect(found.body.products.every((p: { title: string }) => p.title.toLowerCase().includes(title.toLowerCase()))).toBe(true);
    const customers = await http.get('/api/shopify/searchCustomers?limit=5');
    expect(customers.body.data.length).toBeGreaterThan(0);
    expect(customers.body.data[0]).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/Customer\/\d{16,}$/),
      displayName: expect.any(String),
      email: expect.stringContaining('@'),
    });
  });
});
