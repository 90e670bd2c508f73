// The plugin's schedules, created idempotently at every API start: hourly maintenance, and the
// minute-by-minute push of changed ratings to Shopify's product metafields.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { ApiServices } from '../../../api/plugins/types';

export const MAINTENANCE_SCHEDULE_ID = 'reviews-maintenance';

export const RATING_SYNC_SCHEDULE_ID = 'reviews-rating-sync';

async function ensureSchedule({ temporal, config, log }: ApiServices, scheduleId: string, every: string, workflowType: string, args: unknown[]) {
  try {
    await temporal.client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: every },
      action: { type: 'startWorkflow', workflowType, taskQueue: config.temporal.taskQueue, args },
    });
    log.info({ scheduleId }, 'schedule created');
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return;
    // Temporal unreachable: the API still starts (health reports it); the next start creates it.
    log.error({ err, scheduleId }, 'could not create a schedule');
  }
}

export async function ensureMaintenanceSchedule(services: ApiServices) {
  await ensureSchedule(services, MAINTENANCE_SCHEDULE_ID, '1 hour', 'reviewsMaintenance', [{}]);
  await ensureSchedule(services, RATING_SYNC_SCHEDULE_ID, '1 minute', 'reviewsRatingSync', []);
}
