// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { smileReviewPoints } from '../workflows';

export const SmileReviewPoints = defineWorkflow<typeof smileReviewPoints>('smileReviewPoints');
