// The outbox re-drives every start it postponed by itself, each when it is due, on the task queue
// the start was recorded for. Before: a start postponed while an earlier retry was pending waited for
// the kernel's once-a-minute sweep, which started it on the sweeping process's own queue (in CI a
// test stack's durable event then ran on the run's shared worker: the syndication failure of
// 2026-12-04). Real PostgreSQL and Temporal; "unreachable" is an outbox whose client refuses every
// call until the test lets it through. The starts go to task queues no worker polls, and are
// terminated at the end. Every outbox of the run sweeps every due row (any process's), so a row is
// recorded not yet due: another test's sweep must not hand it over before this test looks at it.
import { OutboxSweep } from '../../api/temporal/kernel-workflows';
import { WorkflowOutbox } from '../../api/temporal/outbox';
import { eventually, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const temporal = () => api.runtime.services.temporal.client;
const row = (workflowId: string) => api.knex('workflow_outbox').where({ workflowId }).first();

/** An outbox of its own task queue whose Temporal client refuses every call until `state.reachable`. */
function outboxOf(name: string) {
  const state = { reachable: false };
  const taskQueue = `outbox-${name}-${process.pid}`;
  const client = {
    taskQueue,
    get client() {
      if (!state.reachable) throw new Error('Temporal unreachable (test)');
      return temporal();
    },
  };
  return { outbox: new WorkflowOutbox(api.knex, client, api.runtime.services.log), state, taskQueue };
}

/**
 * Records a start that has failed `attempts` times, due in an hour until dispatched: the insert
 * and the pushed-back time commit together, so no other process's sweep sees it due before then.
 */
async function recorded(outbox: WorkflowOutbox, workflowId: string, attempts: number): Promise<number> {
  return api.knex.transaction(async (trx) => {
    const id = await outbox.enqueue(OutboxSweep, { workflowId, args: [] }, trx);
    await trx('workflow_outbox')
      .where({ id })
      .update({ attempts, nextAttemptAt: new Date(Date.now() + 3_600_000) });
    return id!;
  });
}

async function cleanUp(ids: string[]) {
  for (const id of ids)
    await temporal()
      .workflow.getHandle(id)
      .terminate('test over')
      .catch(() => undefined);
  await api.knex('workflow_outbox').whereIn('workflowId', ids).del();
}

test('a start postponed behind an earlier retry is handed over when it is due, by its own process', async () => {
  const { outbox, state } = outboxOf('retry');
  const ids = { soon: `outbox-retry:${process.pid}:soon`, later: `outbox-retry:${process.pid}:later` };
  try {
    // each dispatch fails and sets its retry: the first's 4 s away, the second's (failed more often) 16 s;
    // each row read at once (another process's sweep may hand it over once due)
    expect(await outbox.dispatch(await recorded(outbox, ids.soon, 2))).toBe('queued');
    const soon = await row(ids.soon);
    expect(await outbox.dispatch(await recorded(outbox, ids.later, 4))).toBe('queued');
    const later = await row(ids.later);
    expect(later.nextAttemptAt.getTime()).toBeGreaterThan(soon.nextAttemptAt.getTime());
    expect(outbox.nextRetryAt).toBeLessThanOrEqual(soon.nextAttemptAt.getTime());

    state.reachable = true;
    // the first retry hands the due start over and sets the next for the other (another process's
    // sweep may take either once due: it starts it on the same recorded queue)
    await eventually(async () => !(await row(ids.soon)));
    const next = await eventually(async () => outbox.nextRetryAt);
    expect(next).toBeLessThanOrEqual(later.nextAttemptAt.getTime());
    await eventually(async () => !(await row(ids.later)), 60_000);
    // RUNNING on the recorded queue, which no worker polls (a sweep starting them on its own
    // process's queue would have them run on the run's worker and complete)
    for (const id of Object.values(ids)) expect((await temporal().workflow.getHandle(id).describe()).status.name).toBe('RUNNING');
  } finally {
    await outbox.close();
    await cleanUp(Object.values(ids));
  }
});

test('a start re-driven by another process goes to the task queue it was recorded for', async () => {
  const recorder = outboxOf('recorder');
  const other = outboxOf('other');
  other.state.reachable = true;
  const workflowId = `outbox-queue:${process.pid}`;
  try {
    const id = await recorded(recorder.outbox, workflowId, 0);
    await recorder.outbox.close();
    expect((await row(workflowId)).taskQueue).toBe(recorder.taskQueue);
    expect(await other.outbox.dispatch(id)).toBe('started');
    expect((await temporal().workflow.getHandle(workflowId).describe()).taskQueue).toBe(recorder.taskQueue);
  } finally {
    await other.outbox.close();
    await cleanUp([workflowId]);
  }
});
