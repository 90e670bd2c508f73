// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { omnisendEvent } from '../workflows';

export const OmnisendEvent = defineWorkflow<typeof omnisendEvent>('omnisendEvent');
