// reviewsMaintenance: started every hour by the `reviews-maintenance` schedule (api/schedule.ts).
import { proxyActivities } from '@temporalio/workflow';
import type { createActivities, MaintenanceInput } from '../activities';

const { reviewsAutoPublishHeld, reviewsPurgeTrash } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 5 },
});

export async function reviewsMaintenance(input: MaintenanceInput = {}): Promise<{ published: number; purged: number }> {
  const published = await reviewsAutoPublishHeld(input);
  const purged = await reviewsPurgeTrash(input);
  return { published, purged };
}
