// Starts a shop's rebuild workflow; while one runs, a second start joins it.
import type { KernelServices } from '@plaudit/kernel';
import { AnalyticsRebuild } from '../shared/workflows';

export const rebuildWorkflowId = (shopDomain: string) => `analytics-rebuild:${shopDomain}`;

export async function startRebuild({ temporal, config }: Pick<KernelServices, 'temporal' | 'config'>, shopId: number, shopDomain: string) {
  await temporal.start(AnalyticsRebuild, {
    workflowId: rebuildWorkflowId(shopDomain),
    taskQueue: config.temporal.taskQueue,
    args: [{ shopId, shopDomain }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    staticSummary: `Analytics: count the history of ${shopDomain}`,
  });
}
