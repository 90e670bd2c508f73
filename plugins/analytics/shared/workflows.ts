// References to this plugin's workflows, for its own starts and schedules (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { analyticsFoldChanges, analyticsRebuild } from '../workflows';

export const AnalyticsFoldChanges = defineWorkflow<typeof analyticsFoldChanges>('analyticsFoldChanges');
export const AnalyticsRebuild = defineWorkflow<typeof analyticsRebuild>('analyticsRebuild');
