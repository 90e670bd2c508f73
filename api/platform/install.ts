// Installing (or re-installing) a shop: read its details from the Admin API, upsert the shop row,
// store the offline token encrypted. Runs after OAuth and after a token exchange alike.
import type { Session, Shopify } from '@shopify/shopify-api';
import type { Knex } from 'knex';
import { Shop } from '../shops/shop.model';
import { AdminApi } from './admin-api';
import type { TokenStore } from './token-store';

export async function installShop(knex: Knex, shopify: Shopify, tokens: TokenStore, session: Session): Promise<Shop> {
  // Read the shop with the fresh token before it is stored.
  const probe = new AdminApi(shopify, { offlineSession: async () => session } as unknown as TokenStore, session.shop);
  const { shop: info, shopLocales } = await probe.shopInfo();
  const primaryLocale = shopLocales.find((l) => l.primary)?.locale ?? 'en';
  return knex.transaction(async (trx) => {
    const existing = await Shop.query(trx).findOne({ shopifyDomain: session.shop });
    const details = {
      name: info.name,
      email: info.email,
      domain: info.primaryDomain?.host ?? null,
      ianaTimezone: info.ianaTimezone,
      timezone: info.timezoneAbbreviation,
      primaryLocale,
      shopifyPlan: info.plan.displayName.toLowerCase().replace(/\s+/g, '_'),
      isDevelopmentStore: info.plan.partnerDevelopment,
      platformShopId: info.id,
      uninstalledAt: null,
    };
    const shop = existing
      ? await existing
          .$query(trx)
          .patchAndFetch({ ...details, ...(existing.uninstalledAt ? { installedAt: new Date(), isNewShop: true } : {}) } as Partial<Shop>)
      : await Shop.query(trx).insertAndFetch({ shopifyDomain: session.shop, ...details } as Partial<Shop>);
    await tokens.save(shop.id, session, trx);
    return shop;
  });
}
