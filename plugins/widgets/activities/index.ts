// Worker side of the widgets plugin: the metafield snapshots of the storefront widgets.
import type { ActivityDeps } from '../../../workflows/plugin';
import { syncSnapshots } from './snapshots';

export function createActivities(deps: ActivityDeps) {
  return {
    /** Renders changed widgets of every installed shop (or one) into Shopify metafields. */
    widgetsSyncSnapshots: (only?: { shopId?: number }) => syncSnapshots(deps, only),
  };
}
