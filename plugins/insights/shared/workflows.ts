// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { insightsRebuild, insightsShop } from '../workflows';

export const InsightsShop = defineWorkflow<typeof insightsShop>('insightsShop');
export const InsightsRebuild = defineWorkflow<typeof insightsRebuild>('insightsRebuild');
