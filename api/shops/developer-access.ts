import createHttpError from 'http-errors';
import type { Config } from '../config';
import { SPECIAL_SHOPIFY_PLANS } from '../plans';

/**
 * The developer zone is for developer accounts (spec section 6): partner, staff and trial stores,
 * shops of the store emulator (the app runs against it: no real store is involved), and every shop
 * only when DEV_ZONE is explicitly on. Never because of NODE_ENV: the zone sets a shop's own plan.
 */
export function assertDeveloperAccount(config: Config, shop: { shopifyPlan?: string | null }) {
  if (config.devZone || config.shopify.emulatorUrl || SPECIAL_SHOPIFY_PLANS.includes(shop.shopifyPlan ?? '')) return;
  throw createHttpError(403, 'The developer zone is for developer accounts only', { code: 'DEV_ZONE_FORBIDDEN' });
}
