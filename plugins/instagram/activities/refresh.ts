// The refresh schedule's work: connected accounts whose long-lived token was issued more than
// REFRESH_AFTER_DAYS ago get a new one (60 days from now) well before theirs runs out.
import { open, secretBoxKey, type ActivityDeps } from '@plaudit/kernel';
import { accountOf, storeRefreshed, tokensIssuedBefore } from '../db/accounts';
import { instagramClient } from '../shared/client';
import { REFRESH_AFTER_DAYS, type ShopRef } from '../shared/instagram';

const DAY_MS = 86_400_000;

export function refreshActivities(deps: ActivityDeps) {
  return {
    /** shops whose token is due (issued more than `afterDays` days ago) */
    async instagramTokensDue(afterDays: number = REFRESH_AFTER_DAYS): Promise<ShopRef[]> {
      const rows = await tokensIssuedBefore(deps.knex, new Date(Date.now() - afterDays * DAY_MS));
      const shops: ShopRef[] = [];
      for (const { shopId } of rows) {
        const shop = await deps.shops.get(Number(shopId));
        if (shop && !shop.uninstalled) shops.push({ shopId: Number(shopId), shopDomain: shop.domain });
      }
      return shops;
    },
    /** one shop's token refreshed; 'not_connected' when the merchant disconnected meanwhile */
    async instagramRefreshToken(shop: ShopRef): Promise<'refreshed' | 'not_connected'> {
      const tenant = deps.tenant(shop.shopId, shop.shopDomain);
      const row = await accountOf(tenant);
      if (row?.status !== 'connected' || !row.tokenSealed) return 'not_connected';
      const fresh = await instagramClient(deps.config).refresh(open(secretBoxKey(deps.config.encryptionKey!), row.tokenSealed));
      const stored = await storeRefreshed(deps.config, tenant, row.tokenSealed, fresh.access_token, fresh.expires_in);
      deps.log.info({ shop: shop.shopDomain, stored }, 'instagram token refreshed');
      return stored ? 'refreshed' : 'not_connected';
    },
  };
}
