// The minute-by-minute schedule that keeps the widgets' metafield snapshots current (see
// activities/snapshots.ts), created idempotently at every API start.
import { type ApiServices, ensureSchedule } from '@plaudit/kernel';
import { WidgetsSnapshotSync } from '../shared/workflows';

export const SNAPSHOT_SCHEDULE_ID = 'widgets-snapshot-sync';

export async function ensureSnapshotSchedule(services: ApiServices) {
  await ensureSchedule(services, { scheduleId: SNAPSHOT_SCHEDULE_ID, every: '1 minute', workflow: WidgetsSnapshotSync });
}
