// Starts the shop's rebuild (insightsRebuild), or answers the run under way: the route
// (POST /api/insights/rebuild, the insights:rebuild command) and the sample reviews' event share it.
// Outside workflows/: it calls the Temporal client, which workflow code may not import.
import type { KernelServices } from '@plaudit/kernel';
import { InsightsRebuild } from '../shared/workflows';
import { rebuildWorkflowId, type RebuildInput } from '../workflows/messages';

export function startRebuild({ temporal, config }: Pick<KernelServices, 'temporal' | 'config'>, input: RebuildInput) {
  return temporal.call(() =>
    temporal.start(InsightsRebuild, {
      workflowId: rebuildWorkflowId(input.shopDomain),
      taskQueue: config.temporal.taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      staticSummary: `Review insights of ${input.shopDomain}: every review read again`,
    }),
  );
}
