// analyticsFold: every minute (a Temporal Schedule, api/index.ts) the changes since the last fold go
// into the rollups. analyticsRebuild: one shop's history counted again (`analytics-rebuild:<shop>`).
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';

type Activities = ReturnType<typeof createActivities>;

const { analyticsFold: fold } = proxyActivities<Activities>({ startToCloseTimeout: '10 minutes', retry: { maximumInterval: '1 minute' } });
const { analyticsRebuildShop } = proxyActivities<Activities>({ startToCloseTimeout: '1 hour', retry: { maximumInterval: '5 minutes' } });

export async function analyticsFoldChanges() {
  return fold();
}

export async function analyticsRebuild(input: { shopId: number; shopDomain: string }) {
  return analyticsRebuildShop({ shopId: input.shopId });
}
