// widgetsSnapshotSync: every minute from the `widgets-snapshot-sync` schedule (api/snapshot-schedule.ts),
// and on demand for one shop (tests, ops): writes changed widget snapshots to Shopify's metafields.
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';

const { widgetsSyncSnapshots } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 5 },
});

export async function widgetsSnapshotSync(only?: { shopId?: number }): Promise<{ shops: number; written: number }> {
  return widgetsSyncSnapshots(only);
}
