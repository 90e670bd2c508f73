// References to this plugin's workflows, for its own starts (sandbox-safe).
import { defineWorkflow } from '@plaudit/contracts/define';
import type { oldOrderRequests, reviewRequest, sendRequestsNow, settingsMail } from '../workflows';

export const ReviewRequest = defineWorkflow<typeof reviewRequest>('reviewRequest');
export const SendRequestsNow = defineWorkflow<typeof sendRequestsNow>('sendRequestsNow');
export const SettingsMail = defineWorkflow<typeof settingsMail>('settingsMail');
export const OldOrderRequests = defineWorkflow<typeof oldOrderRequests>('oldOrderRequests');
