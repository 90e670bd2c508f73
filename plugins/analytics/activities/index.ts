// The analytics worker side: the scheduled fold, a shop's rebuild, and the orders/create hook.
import type { ActivityDeps, PlatformHooks } from '@plaudit/kernel';
import { foldChanges, rebuildShop } from './count';
import { orderCreatedHook } from './orders';
import { startRebuild } from './rebuild-start';

export function createActivities(deps: ActivityDeps) {
  return {
    /** one fold; shops whose timezone changed get their rebuild started */
    async analyticsFold() {
      const result = await foldChanges(deps);
      for (const shopId of result.rebuild) {
        const shop = await deps.shops.get(shopId);
        if (shop) await startRebuild(deps, shopId, shop.domain);
      }
      return result;
    },
    async analyticsRebuildShop({ shopId }: { shopId: number }) {
      return rebuildShop(deps, shopId);
    },
  };
}

export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return { webhooks: { 'orders/create': orderCreatedHook(deps) } };
}
