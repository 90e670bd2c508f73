// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { syndicationBackfill } from '../workflows/backfill';

export const SyndicationBackfill = defineWorkflow<typeof syndicationBackfill>('syndicationBackfill');
