import { appProxySignature, isValidAppProxyRequest } from '../../api/platform/app-proxy';

// Shopify's published example (SHOPIFY.md): secret `hush`.
const vector = {
  extra: ['1', '2'],
  logged_in_customer_id: '1',
  path_prefix: '/apps/awesome_reviews',
  shop: 'shop-name.myshopify.com',
  timestamp: '1317327555',
};
const VECTOR_SIGNATURE = '4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb';

test("the signature matches Shopify's published test vector", () => {
  expect(appProxySignature(vector, 'hush')).toBe(VECTOR_SIGNATURE);
  expect(isValidAppProxyRequest({ ...vector, signature: VECTOR_SIGNATURE }, 'hush', 1317327555 * 1000)).toBe(true);
});

test('a tampered, stale or unsigned request is refused', () => {
  const now = 1317327555 * 1000;
  expect(isValidAppProxyRequest({ ...vector, logged_in_customer_id: '2', signature: VECTOR_SIGNATURE }, 'hush', now)).toBe(false);
  expect(isValidAppProxyRequest({ ...vector, signature: VECTOR_SIGNATURE }, 'other-secret', now)).toBe(false);
  expect(isValidAppProxyRequest({ ...vector, signature: VECTOR_SIGNATURE }, 'hush', now + 10 * 60 * 1000)).toBe(false);
  expect(isValidAppProxyRequest({ ...vector }, 'hush', now)).toBe(false);
});
