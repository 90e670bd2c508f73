// A schedule held for one test file. The run's schedules are created paused (TEMPORAL_SCHEDULES in
// tests/setup/global-setup.ts), and stay so; one that runs (created by an API started with
// TEMPORAL_SCHEDULES=running) is paused for the file and runs again after it.
import type { Client } from '@temporalio/client';

/** Pauses the schedule unless it is paused already; resolves with what puts it back as it was. */
export async function holdSchedule(client: Client, scheduleId: string, reason: string): Promise<() => Promise<void>> {
  const handle = client.schedule.getHandle(scheduleId);
  if ((await handle.describe()).state.paused) return async () => {};
  await handle.pause(reason);
  return () => handle.unpause(`${reason}: done`);
}
