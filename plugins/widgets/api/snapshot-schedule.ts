// The minute-by-minute schedule that keeps the widgets' metafield snapshots current (see
// activities/snapshots.ts), created idempotently at every API start.
import { type ApiServices, ensureSchedule } from '@plaudit/kernel';

export const SNAPSHOT_SCHEDULE_ID = 'widgets-snapshot-sync';

export async function ensureSnapshotSchedule(services: ApiServices) {
  await ensureSchedule(services, { scheduleId: SNAPSHOT_SCHEDULE_ID, every: '1 minute', workflowType: 'widgetsSnapshotSync' });
}
