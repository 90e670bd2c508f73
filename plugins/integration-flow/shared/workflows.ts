// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { flowFireTrigger } from '../workflows';

export const FlowFireTrigger = defineWorkflow<typeof flowFireTrigger>('flowFireTrigger');
