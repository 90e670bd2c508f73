import createHttpError from 'http-errors';
import type { Config } from '../config';
import { SPECIAL_SHOPIFY_PLANS } from '../plans';

/**
 * The developer zone is for developer accounts (spec section 6): partner, staff and trial stores,
 * and every shop while DEV_ZONE is on (the default outside production).
 */
export function assertDeveloperAccount(config: Config, shop: { shopifyPlan?: string | null }) {
  if (config.devZone || SPECIAL_SHOPIFY_PLANS.includes(shop.shopifyPlan ?? '')) return;
  throw createHttpError(403, 'The developer zone is for developer accounts only', { code: 'DEV_ZONE_FORBIDDEN' });
}
