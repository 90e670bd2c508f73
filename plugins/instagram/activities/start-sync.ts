// Starts a shop's sync workflow (`instagram-sync:<shop>`): after a connect, on "Sync now" and from
// the schedule. A sync already running is the one asked for: false, nothing started.
import type { KernelServices } from '@plaudit/kernel';
import { syncWorkflowId, type ShopRef } from '../shared/instagram';
import { InstagramSync } from '../shared/workflows';

export async function startSync(services: Pick<KernelServices, 'temporal' | 'config'>, shop: ShopRef): Promise<boolean> {
  try {
    await services.temporal.start(InstagramSync, {
      workflowId: syncWorkflowId(shop.shopDomain),
      taskQueue: services.config.temporal.taskQueue,
      args: [shop],
      workflowIdConflictPolicy: 'FAIL',
      staticSummary: `Instagram posts of ${shop.shopDomain}`,
    });
    return true;
  } catch (err) {
    if ((err as Error).name === 'WorkflowExecutionAlreadyStartedError') return false;
    throw err;
  }
}
