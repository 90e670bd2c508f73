// The minute-by-minute schedule that keeps the widgets' metafield snapshots current (see
// activities/snapshots.ts), created idempotently at every API start.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { ApiServices } from '../../../api/plugins/types';

export const SNAPSHOT_SCHEDULE_ID = 'widgets-snapshot-sync';

export async function ensureSnapshotSchedule({ temporal, config, log }: ApiServices) {
  try {
    await temporal.client.schedule.create({
      scheduleId: SNAPSHOT_SCHEDULE_ID,
      spec: { intervals: [{ every: '1 minute' }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
      action: { type: 'startWorkflow', workflowType: 'widgetsSnapshotSync', taskQueue: config.temporal.taskQueue, args: [] },
    });
    log.info({ scheduleId: SNAPSHOT_SCHEDULE_ID }, 'schedule created');
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return;
    // Temporal unreachable: the API still starts (health reports it); the next start creates it.
    log.error({ err, scheduleId: SNAPSHOT_SCHEDULE_ID }, 'could not create a schedule');
  }
}
