// The plugins' schedules and TEMPORAL_SCHEDULES (api/temporal/schedules.ts): `paused` creates a schedule
// paused, with a note saying how to start it; a schedule that exists keeps the state it has, whatever
// the next start's setting; a paused schedule still runs when triggered by hand (`temporal schedule
// trigger`, what reviews' maintenance test does on the run's paused schedule). Each schedule here starts
// its workflow on a task queue no worker polls, so nothing it starts runs.
import { ensureSchedule, PAUSED_NOTE } from '../../api/temporal/schedules';
import { OutboxSweep } from '../../api/temporal/kernel-workflows';
import { eventually, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
const created: string[] = [];
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  const { client } = api.runtime.services.temporal;
  for (const id of created) {
    const handle = client.schedule.getHandle(id);
    const { info } = await handle.describe();
    for (const { workflow } of [...info.recentActions.map((a) => a.action), ...info.runningActions])
      await client.workflow
        .getHandle(workflow.workflowId)
        .terminate('schedules.test.ts')
        .catch(() => undefined);
    await handle.delete();
  }
  await api.close();
});

/** ensureSchedule as an API whose TEMPORAL_SCHEDULES is `paused` or not would call it. */
async function ensure(scheduleId: string, schedulesPaused: boolean) {
  const { services } = api.runtime;
  const config = { ...services.config, temporal: { ...services.config.temporal, schedulesPaused, taskQueue: `unpolled-${process.pid}` } };
  await ensureSchedule({ ...services, config }, { scheduleId, every: '1 hour', workflow: OutboxSweep });
  if (!created.includes(scheduleId)) created.push(scheduleId);
  return api.runtime.services.temporal.client.schedule.getHandle(scheduleId);
}

const unique = (name: string) => `schedules-test-${name}-${process.pid}-${Date.now()}`;

test('TEMPORAL_SCHEDULES=paused: created paused, saying how to start it; still runs when triggered by hand', async () => {
  const handle = await ensure(unique('paused'), true);
  expect((await handle.describe()).state).toMatchObject({ paused: true, note: PAUSED_NOTE });
  await handle.trigger();
  const { info } = await eventually(async () => {
    const described = await handle.describe();
    return described.info.numActionsTaken > 0 && described;
  });
  expect(info.recentActions[0].action.workflow.workflowId).toMatch(/^schedules-test-paused-/);
});

test('a schedule that exists keeps its state: paused stays paused at a start with schedules running, and running stays running', async () => {
  const paused = await ensure(unique('kept-paused'), true);
  await ensure(paused.scheduleId, false);
  expect((await paused.describe()).state.paused).toBe(true);

  const running = await ensure(unique('kept-running'), false);
  expect((await running.describe()).state.paused).toBe(false);
  await ensure(running.scheduleId, true);
  expect((await running.describe()).state.paused).toBe(false);
});
