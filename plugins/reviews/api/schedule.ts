// The hourly reviewsMaintenance schedule, created idempotently at every API start.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { ApiServices } from '../../../api/plugins/types';

export const MAINTENANCE_SCHEDULE_ID = 'reviews-maintenance';

export async function ensureMaintenanceSchedule({ temporal, config, log }: ApiServices) {
  try {
    await temporal.client.schedule.create({
      scheduleId: MAINTENANCE_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 hour' }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      action: { type: 'startWorkflow', workflowType: 'reviewsMaintenance', taskQueue: config.temporal.taskQueue, args: [{}] },
    });
    log.info({ scheduleId: MAINTENANCE_SCHEDULE_ID }, 'reviews maintenance schedule created');
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return;
    // Temporal unreachable: the API still starts (health reports it); the next start creates it.
    log.error({ err }, 'could not create the reviews maintenance schedule');
  }
}
