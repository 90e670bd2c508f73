// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { syndicationBackfill } from '../workflows/backfill';
import type { syndicationGoogleBackfill } from '../workflows/google-backfill';

export const SyndicationBackfill = defineWorkflow<typeof syndicationBackfill>('syndicationBackfill');
export const SyndicationGoogleBackfill = defineWorkflow<typeof syndicationGoogleBackfill>('syndicationGoogleBackfill');
