// Who may frame our pages and who may call the API from a browser.
import { client, startTestApi, type TestApi } from '../support/api';

const APP_URL = 'https://reviews.example.com';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ APP_URL });
});
afterAll(() => api.close());

function frameAncestors(headers: Headers): string[] {
  const csp = headers.get('content-security-policy') ?? '';
  const directive = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors '));
  if (!directive) throw new Error(`no frame-ancestors in CSP: ${csp}`);
  return directive.split(/\s+/).slice(1);
}

describe('framing', () => {
  test.each(['/', '/api/health', '/collect-reviews/review-request'])('%s may not be framed by anyone', async (path) => {
    const res = await client(api.url).get(path);
    expect(frameAncestors(res.headers)).toEqual(["'none'"]);
  });

  test('an embedded page may be framed by the shop admin and admin.shopify.com only', async () => {
    const res = await client(api.url).get('/embed/anything?shop=foo.myshopify.com');
    const ancestors = frameAncestors(res.headers);
    expect(ancestors).toEqual(expect.arrayContaining(['https://foo.myshopify.com', 'https://admin.shopify.com']));
    expect(ancestors).not.toContain("'none'");
    expect(ancestors).not.toContain('*');
  });

  test.each(['evil.com', 'evil.com https://evil.com', 'foo.myshopify.com.evil.com', "foo.myshopify.com; script-src 'unsafe-inline'"])(
    'a bogus shop %j adds nothing to the embedded page frame-ancestors',
    async (shop) => {
      const res = await client(api.url).get(`/embed/anything?shop=${encodeURIComponent(shop)}`);
      const plain = await client(api.url).get('/embed/anything');
      expect(frameAncestors(res.headers)).toEqual(['https://admin.shopify.com']);
      expect(res.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
    },
  );

  test('the CSP limits scripts and objects', async () => {
    const csp = (await client(api.url).get('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('other security headers', () => {
  test.each(['/', '/api/health', '/api/shops'])('%s carries nosniff and a referrer policy', async (path) => {
    const res = await client(api.url).get(path);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('CORS', () => {
  test('the app origin may read API responses', async () => {
    const res = await client(api.url).get('/api/health', { origin: APP_URL });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_URL);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  test('a preflight from the app origin allows the Authorization header', async () => {
    const res = await client(api.url).call('OPTIONS', '/api/shops', undefined, {
      origin: APP_URL,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,content-type',
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_URL);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  test.each(['https://evil.example', 'https://reviews.example.com.evil.example', 'null'])('a foreign origin %s gets no CORS headers', async (origin) => {
    const simple = await client(api.url).get('/api/health', { origin });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();

    const preflight = await client(api.url).call('OPTIONS', '/api/shops', undefined, { origin, 'access-control-request-method': 'PUT' });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });
});
