// The Instagram plugin's activities: a shop's sync, the token refresh schedule's steps, an expired
// token's disconnection and mail, the sync schedule's fan-out to one workflow per shop, and
// shop/redact (the token, the posts and our copies of their pictures go).
import type { ActivityDeps, PlatformHooks } from '@plaudit/kernel';
import { connectedShops, disconnectAccount } from '../db/accounts';
import { deleteFiles } from '../db/pictures';
import { removeOtherPosts } from '../db/posts';
import type { ShopRef } from '../shared/instagram';
import { expiredActivities } from './expired';
import { refreshActivities } from './refresh';
import { startSync } from './start-sync';
import { syncActivity } from './sync';

export function createActivities(deps: ActivityDeps) {
  return {
    instagramSyncShop: syncActivity(deps),
    ...refreshActivities(deps),
    ...expiredActivities(deps),
    /** the sync schedule: one sync workflow per connected shop (one already running is left alone) */
    async instagramStartSyncs(): Promise<number> {
      let started = 0;
      for (const { shopId } of await connectedShops(deps.knex)) {
        const shop = await deps.shops.get(Number(shopId));
        if (!shop || shop.uninstalled) continue;
        const ref: ShopRef = { shopId: Number(shopId), shopDomain: shop.domain };
        if (await startSync(deps, ref)) started++;
      }
      return started;
    },
  };
}

export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return {
    async redactShop({ shopId, shopDomain }) {
      const tenant = deps.tenant(shopId, shopDomain);
      await disconnectAccount(tenant);
      deleteFiles(deps.config.dataDir, await removeOtherPosts(tenant, []));
    },
  };
}
