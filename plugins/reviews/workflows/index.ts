// reviewsMaintenance: started every hour by the `reviews-maintenance` schedule (api/schedule.ts).
import { proxyActivities } from '@temporalio/workflow';
export { reviewNotifications } from './notifications';
export { reviewsEditRequest } from './edit-request';
export { reviewsReplyEmail } from './review-reply';
import type { createActivities } from '../activities';
import type { MaintenanceInput } from './messages';

const { reviewsAutoPublishHeld, reviewsPurgeTrash, reviewsSyncRatings } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 5 },
});

export async function reviewsMaintenance(input: MaintenanceInput = {}): Promise<{ published: number; purged: number }> {
  const published = await reviewsAutoPublishHeld(input);
  const purged = await reviewsPurgeTrash(input);
  return { published, purged };
}

/** reviewsRatingSync: every minute from the `reviews-rating-sync` schedule; drains changed ratings. */
export async function reviewsRatingSync(): Promise<number> {
  let total = 0;
  for (let round = 0; round < 10; round++) {
    const pushed = await reviewsSyncRatings();
    total += pushed;
    if (pushed === 0) break;
  }
  return total;
}
