// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { rewardReview } from '../workflows';

export const RewardReview = defineWorkflow<typeof rewardReview>('rewardReview');
