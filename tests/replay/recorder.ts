// Finding the runs a scenario caused and saving their histories: a run that ended, or a run still in
// flight once it waits (the in-flight ones are what an upgrade meets in production).
import type { Client, WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { saveHistory, type History, type SaveOutcome } from './histories';
import { eventually } from '../support/eventually';

const { EventType } = temporal.api.enums.v1;

export interface Saved {
  type: string;
  name: string;
  outcome: SaveOutcome;
  file: string;
}

/** Polls `check` until it answers something (every 250 ms); `what` names the wait in the timeout's message. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  try {
    return await eventually(check, timeoutMs, 250);
  } catch (err) {
    throw new Error(`timed out waiting for ${what}: ${(err as Error).message}`);
  }
}

export class Recorder {
  readonly saved: Saved[] = [];

  constructor(private readonly client: Client) {}

  /**
   * The run of `type` whose workflow id has `idPart` in it, up to a colon or its end (a shop's domain,
   * `<domain>:<order id>`): exactly one, once the server lists it.
   */
  async find(type: string, idPart: string, timeoutMs = 60_000): Promise<WorkflowHandle> {
    const found = await until(
      `a ${type} run with "${idPart}" in its id`,
      async () => {
        const runs: { workflowId: string; runId: string }[] = [];
        for await (const w of this.client.workflow.list({ query: `WorkflowType = '${type}'` })) if (`${w.workflowId}:`.includes(`${idPart}:`)) runs.push(w);
        return runs.length > 0 && runs;
      },
      timeoutMs,
    );
    if (found.length > 1) throw new Error(`${found.length} ${type} runs have "${idPart}" in their id: ${found.map((r) => r.workflowId).join(', ')}`);
    return this.client.workflow.getHandle(found[0].workflowId, found[0].runId);
  }

  /** Every run of `type` whose workflow id starts with `prefix`, once there is one. */
  async findAll(type: string, prefix: string, timeoutMs = 60_000): Promise<WorkflowHandle[]> {
    const found = await until(
      `a ${type} run whose id starts with "${prefix}"`,
      async () => {
        const runs: WorkflowHandle[] = [];
        for await (const w of this.client.workflow.list({ query: `WorkflowType = '${type}'` }))
          if (w.workflowId.startsWith(prefix)) runs.push(this.client.workflow.getHandle(w.workflowId, w.runId));
        return runs.length > 0 && runs;
      },
      timeoutMs,
    );
    return found;
  }

  /** The run with this workflow id, once it was started (by an event, the outbox ...). */
  async get(workflowId: string, timeoutMs = 60_000): Promise<WorkflowHandle> {
    const handle = this.client.workflow.getHandle(workflowId);
    await until(
      `${workflowId} to start`,
      () =>
        handle.describe().then(
          () => true,
          () => false,
        ),
      timeoutMs,
    );
    return handle;
  }

  /** Records a run once it ended (completed or failed: both are histories an upgrade may replay). */
  async ended(name: string, handle: WorkflowHandle, timeoutMs = 120_000): Promise<void> {
    await until(`${handle.workflowId} to end`, async () => (await handle.describe()).status.name !== 'RUNNING', timeoutMs);
    this.save(name, await handle.fetchHistory());
  }

  /**
   * Records a run still in flight, once `ready` holds and the run waits: no workflow task or activity
   * pending, and its history no longer growing.
   */
  async waiting(name: string, handle: WorkflowHandle, ready: () => Promise<boolean> = async () => true, timeoutMs = 60_000): Promise<void> {
    this.save(name, await this.settled(handle, ready, timeoutMs));
  }

  /** The run's history once `ready` holds and the run waits (a scenario's next move then meets it waiting, every time). */
  async settled(handle: WorkflowHandle, ready: () => Promise<boolean> = async () => true, timeoutMs = 60_000): Promise<History> {
    return until(
      `${handle.workflowId} to wait`,
      async () => {
        if (!(await ready())) return undefined;
        const before = await handle.describe();
        if (before.status.name !== 'RUNNING') throw new Error(`${handle.workflowId} ended (${before.status.name}) before it was recorded waiting`);
        if (before.raw.pendingWorkflowTask || before.raw.pendingActivities?.length) return undefined;
        const h = await handle.fetchHistory();
        const last = h.events?.at(-1)?.eventType;
        if (last === EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED || last === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) return undefined;
        const after = await handle.describe();
        return h.events?.length === Number(before.historyLength) && Number(after.historyLength) === Number(before.historyLength) && h;
      },
      timeoutMs,
    );
  }

  private save(name: string, history: History) {
    const { outcome, file } = saveHistory(history, name);
    const type = history.events![0].workflowExecutionStartedEventAttributes!.workflowType!.name!;
    this.saved.push({ type, name, outcome, file });
    console.log(`  ${outcome.padEnd(9)} ${type}/${name} (${history.events!.length} events)`);
  }
}
