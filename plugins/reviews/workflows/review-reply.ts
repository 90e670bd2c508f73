// reviewsReplyEmail: one per saved reply (`review-reply:<shop>:<review>:<replied at ms>`), so the
// reply API answers without waiting for SMTP. Sending is retried by Temporal with backoff; the
// activity skips a reply that is no longer current. It first waits the input's settle time: a reply
// replaced meanwhile (saved twice, concurrent saves) is skipped, so only the last one is mailed.
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { ReviewReplyInput } from './messages';

const { reviewsSendReplyEmail } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 12 },
});

export async function reviewsReplyEmail(input: ReviewReplyInput): Promise<'sent' | 'skipped' | 'refused'> {
  if (input.settleMs) await sleep(input.settleMs);
  return reviewsSendReplyEmail(input);
}
