// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { questionDigest } from '../workflows';

export const QuestionDigest = defineWorkflow<typeof questionDigest>('questionDigest');
