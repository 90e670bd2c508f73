// reviewsEditRequest: one per edit request (`review-edit-request:<shop>:<review>:<requested at>`).
// Sending is retried by Temporal with backoff; the activity skips a request that is no longer current.
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { EditRequestInput } from './messages';

const { reviewsSendEditRequest } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 12 },
});

export async function reviewsEditRequest(input: EditRequestInput): Promise<'sent' | 'skipped' | 'refused'> {
  return reviewsSendEditRequest(input);
}
