import createHttpError from 'http-errors';

/** Development stores are refused (spec section 1); the admin shows its not-supported page on this code. */
export function assertSupportedShop(shop: { isDevelopmentStore?: boolean | null }) {
  if (shop.isDevelopmentStore) {
    throw createHttpError(403, 'Development stores are not supported', { code: 'DEVELOPMENT_STORE' });
  }
}
