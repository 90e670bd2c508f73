// Plugins' Temporal Schedules, created idempotently at every API start. A start must not wait on an
// unreachable cluster (health reports it as down): each create gets a short deadline, a failure is
// logged, and the next start creates the schedule. A schedule that exists is left as it is: its task
// queue and its state (paused or not, by an operator or by TEMPORAL_SCHEDULES=paused at its creation).
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { WorkflowRef } from '../../contracts/define';
import type { ApiServices } from '../plugins/types';

export interface ScheduleSpec<A extends unknown[] = unknown[]> {
  scheduleId: string;
  /** a Temporal duration: '1 minute', '1 hour' */
  every: string;
  /** the workflow each tick starts */
  workflow: WorkflowRef<A, unknown>;
  args?: A;
}

const DEADLINE_MS = 5000;
/**
 * After a create fails, the others of the same start are not tried for this long: with Temporal
 * unreachable, ten plugins' schedules would otherwise hold the start for ten deadlines (50 s and
 * more on a loaded machine) before the API answers. They are created at the next start.
 */
const SKIP_AFTER_FAILURE_MS = 30_000;
const failedAt = new WeakMap<object, number>();
/** what `temporal schedule describe` shows for a schedule created paused */
export const PAUSED_NOTE = 'created paused (TEMPORAL_SCHEDULES=paused): `temporal schedule toggle --unpause` starts it';

export async function ensureSchedule<A extends unknown[]>({ temporal, config, log }: Pick<ApiServices, 'temporal' | 'config' | 'log'>, spec: ScheduleSpec<A>) {
  const { scheduleId, every, workflow, args = [] } = spec;
  const workflowType = workflow.type;
  const failed = failedAt.get(temporal);
  if (failed !== undefined && Date.now() - failed < SKIP_AFTER_FAILURE_MS) {
    log.error({ scheduleId }, 'Temporal was unreachable for another schedule of this start: the next start creates this one');
    return;
  }
  try {
    await temporal.connection.withDeadline(Date.now() + DEADLINE_MS, () =>
      temporal.client.schedule.create({
        scheduleId,
        spec: { intervals: [{ every }] },
        // a slow run is never doubled; a missed tick is not replayed beyond one interval
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: every },
        action: { type: 'startWorkflow', workflowType, taskQueue: config.temporal.taskQueue, args },
        ...(config.temporal.schedulesPaused ? { state: { paused: true, note: PAUSED_NOTE } } : {}),
      }),
    );
    log.info({ scheduleId, paused: config.temporal.schedulesPaused }, 'schedule created');
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return;
    failedAt.set(temporal, Date.now());
    log.error({ err, scheduleId }, 'could not create a schedule; the next start creates it');
  }
}
