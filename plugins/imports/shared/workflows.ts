// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { importReviews } from '../workflows';

export const ImportReviews = defineWorkflow<typeof importReviews>('importReviews');
