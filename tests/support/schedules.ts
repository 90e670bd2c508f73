// A schedule held for one test file. The run's schedules are created paused (TEMPORAL_SCHEDULES in
// tests/setup/global-setup.ts); a run with them running (TEMPORAL_SCHEDULES=running npm test) gets them
// paused for the file and running again after it, never unpaused when they were paused before.
import type { Client } from '@temporalio/client';

/** Pauses the schedule unless it is paused already; resolves with what puts it back as it was. */
export async function holdSchedule(client: Client, scheduleId: string, reason: string): Promise<() => Promise<void>> {
  const handle = client.schedule.getHandle(scheduleId);
  if ((await handle.describe()).state.paused) return async () => {};
  await handle.pause(reason);
  return () => handle.unpause(`${reason}: done`);
}
