// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { klaviyoDeliver } from '../workflows';

export const KlaviyoDeliver = defineWorkflow<typeof klaviyoDeliver>('klaviyoDeliver');
