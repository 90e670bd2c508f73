// References to this plugin's workflows, for its own starts and schedules (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { instagramSync, instagramSyncAll, instagramRefreshTokens } from '../workflows';

export const InstagramSync = defineWorkflow<typeof instagramSync>('instagramSync');
export const InstagramSyncAll = defineWorkflow<typeof instagramSyncAll>('instagramSyncAll');
export const InstagramRefreshTokens = defineWorkflow<typeof instagramRefreshTokens>('instagramRefreshTokens');
