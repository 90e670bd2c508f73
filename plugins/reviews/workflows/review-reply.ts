// reviewsReplyEmail: one per saved reply (`review-reply:<shop>:<review>:<replied at ms>`), so the
// reply API answers without waiting for SMTP. Sending is retried by Temporal with backoff; the
// activity skips a reply that is no longer current.
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { ReviewReplyInput } from '../activities/review-reply';

const { reviewsSendReplyEmail } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 12 },
});

export async function reviewsReplyEmail(input: ReviewReplyInput): Promise<'sent' | 'skipped'> {
  return reviewsSendReplyEmail(input);
}
