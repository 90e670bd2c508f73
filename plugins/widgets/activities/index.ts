// Worker side of the widgets plugin: the metafield snapshots of the storefront widgets.
import type { ActivityDeps, PlatformHooks } from '@plaudit/kernel';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { syncSnapshots } from './snapshots';
import { googleCatalogueHooks } from './google-catalogue-hooks';

export function createActivities(deps: ActivityDeps) {
  if (!deps.capabilities.has(ReviewFeed))
    deps.log.warn(`widgets: no plugin provides capability "${ReviewFeed.id}" (the reviews plugin); no widget snapshots are written`);
  return {
    /** Renders changed widgets of every installed shop (or one) into Shopify metafields. */
    widgetsSyncSnapshots: (only?: { shopId?: number }) => syncSnapshots(deps, only),
  };
}

/** Product webhooks drop the identifiers the Google feed keeps (activities/google-catalogue-hooks.ts). */
export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return { webhooks: googleCatalogueHooks(deps) };
}
