// Durable workflow starts. A caller that must not lose work (a webhook, a durable event, the reply
// email) records the start first, in its own transaction where it has one, and only then asks
// Temporal. A start Temporal cannot take now (unreachable, deadline passed, process gone) stays in
// `workflow_outbox` and is re-driven: by a retry after a back-off in this process, at every API
// start, and by the kernel's `outboxSweep` schedule in the worker. Workflow ids are business ids,
// so a start that reaches Temporal twice is answered "already started" and counts as done: also once
// the first run has completed (START_POLICY), or a late retry would open a second run (issue 30.6).
import { TypedSearchAttributes } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { ArgsOf, WorkflowRef } from '../../contracts/define';
import type { Logger } from '../log';
import { ShopDomain } from './search-attributes';

/** How one start of a referenced workflow is made: its business id, arguments and labels. */
export interface StartSpec<A extends unknown[] = unknown[]> {
  /** a business id: `review-reply:<shop>:<review>:<at>` */
  workflowId: string;
  args: A;
  /** the ShopDomain search attribute, so ops find the workflow by shop */
  shopDomain?: string;
  /** the Temporal UI's one-line summary */
  summary?: string;
}

/** A recorded start, as the outbox keeps it. */
export interface DurableStart {
  workflowType: string;
  /** a business id: `review-reply:<shop>:<review>:<at>` */
  workflowId: string;
  args?: unknown[];
  /** the ShopDomain search attribute, so ops find the workflow by shop */
  shopDomain?: string;
  /** the Temporal UI's one-line summary */
  summary?: string;
}

interface OutboxRow {
  id: number;
  workflowId: string;
  workflowType: string;
  args: unknown[];
  /** the queue of the process that recorded it (null: recorded before the column existed) */
  taskQueue: string | null;
  shopDomain: string | null;
  summary: string | null;
  attempts: number;
}

/**
 * A recorded start opens one run per id: a second start is refused while a run is open (Temporal's
 * default) and after one completed; only a failed, timed-out, cancelled or terminated run may be
 * followed by another (a webhook that failed is re-driven by its redelivery).
 */
export const START_POLICY = { workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY', workflowIdConflictPolicy: 'FAIL' } as const;

/** How long one start may take before it is left to the sweep (routes must answer quickly). */
export const START_DEADLINE_MS = 3000;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 60_000;

export interface OutboxTemporal {
  client: Client;
  taskQueue: string;
}

export class WorkflowOutbox {
  private retryTimer: NodeJS.Timeout | undefined;
  /** When this process sweeps again for postponed starts (epoch ms, any process's), while a retry is set. */
  nextRetryAt: number | undefined;
  private closed = false;
  /** Calls to Temporal and sweeps under way; the connection must outlive them (see close). */
  private readonly calls = new Set<Promise<unknown>>();

  constructor(
    private readonly knex: Knex,
    private readonly temporal: OutboxTemporal,
    private readonly log: Logger,
  ) {}

  /**
   * Records a start and hands it to Temporal. With `trx` (call it inside the transaction), the
   * record commits with the caller's writes and the hand-over follows the commit without being
   * awaited. Never throws because Temporal is down: the answer says whether Temporal has the
   * workflow now ('started') or will get it ('queued').
   */
  async start<W extends WorkflowRef<any, any>>(ref: W, spec: StartSpec<ArgsOf<W>>, trx?: Knex.Transaction): Promise<'started' | 'queued'> {
    const id = await this.enqueue(ref, spec, trx);
    if (id === undefined) return 'started';
    if (!trx) return this.dispatch(id);
    void trx.executionPromise.then(
      () => this.dispatch(id).catch((err) => this.log.warn({ err: (err as Error).message }, 'outbox dispatch failed')),
      () => undefined,
    );
    return 'queued';
  }

  /** Only records the start (inside `trx`); `dispatch(id)` or the sweep hands it over later. */
  async enqueue<W extends WorkflowRef<any, any>>(ref: W, spec: StartSpec<ArgsOf<W>>, trx?: Knex.Transaction): Promise<number | undefined> {
    const start: DurableStart = { ...spec, workflowType: ref.type };
    const [row] = await (trx ?? this.knex)('workflow_outbox')
      .insert({
        workflowId: start.workflowId,
        workflowType: start.workflowType,
        args: JSON.stringify(start.args ?? []),
        taskQueue: this.temporal.taskQueue,
        shopDomain: start.shopDomain ?? null,
        summary: start.summary?.slice(0, 512) ?? null,
      })
      .onConflict('workflow_id')
      .ignore()
      .returning('id');
    return row?.id;
  }

  /** Hands one recorded start to Temporal now; on failure it waits for a retry. */
  async dispatch(id: number): Promise<'started' | 'queued'> {
    // Shutting down: the row stays for the next sweep.
    if (this.closed) return 'queued';
    return this.guard(async () => {
      const row: OutboxRow | undefined = await this.knex('workflow_outbox').where({ id }).first();
      if (!row) return 'started';
      return (await this.hand(row)) ? 'started' : 'queued';
    });
  }

  /** Re-drives every start that is due; returns how many Temporal took and how many are left. */
  sweep(limit = 200): Promise<{ started: number; left: number }> {
    return this.guard(() => this.sweepDue(limit));
  }

  /**
   * Runs `work` as one of the outbox's calls: close() waits for it, and once closed it does not
   * start, so no query of a sweep begins while the database pool is being destroyed.
   */
  guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The workflow outbox is closed'));
    return this.track(work());
  }

  private async sweepDue(limit: number): Promise<{ started: number; left: number }> {
    const due: OutboxRow[] = await this.knex('workflow_outbox').where('next_attempt_at', '<=', new Date()).orderBy('id').limit(limit);
    let started = 0;
    for (const row of due) if (await this.hand(row)) started++;
    await this.retryEarliest();
    const [{ count }] = await this.knex('workflow_outbox').count({ count: '*' });
    return { started, left: Number(count) };
  }

  /**
   * Stops the in-process retry timer and waits for the calls under way (each ends at its deadline):
   * the client retries an unreachable Temporal on timers that throw once the connection is closed.
   */
  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await Promise.allSettled(this.calls);
  }

  private async hand(row: OutboxRow): Promise<boolean> {
    // Shutting down: the row stays for the next sweep.
    if (this.closed) return false;
    try {
      // The gRPC deadline also ends the client's own retries, which would outlive the race below.
      const { client } = this.temporal;
      const call = client.withDeadline(Date.now() + START_DEADLINE_MS, () =>
        client.workflow.start(row.workflowType, {
          workflowId: row.workflowId,
          taskQueue: row.taskQueue ?? this.temporal.taskQueue,
          args: row.args,
          ...START_POLICY,
          ...(row.shopDomain ? { typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomain, value: row.shopDomain }]) } : {}),
          ...(row.summary ? { staticSummary: row.summary } : {}),
        }),
      );
      await withDeadline(this.track(call), START_DEADLINE_MS);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
        await this.postpone(row, err as Error);
        return false;
      }
    }
    await this.knex('workflow_outbox').where({ id: row.id }).del();
    return true;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.calls.add(promise);
    void promise.catch(() => undefined).finally(() => this.calls.delete(promise));
    return promise;
  }

  private async postpone(row: OutboxRow, err: Error) {
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** row.attempts);
    const at = Date.now() + delay;
    this.log.warn({ workflowId: row.workflowId, attempts: row.attempts + 1, err: err.message }, 'workflow start queued for retry');
    await this.knex('workflow_outbox')
      .where({ id: row.id })
      .update({ attempts: row.attempts + 1, lastError: err.message.split('\n')[0].slice(0, 512), nextAttemptAt: new Date(at) })
      .catch(() => undefined);
    this.retryAt(at);
  }

  /**
   * After a sweep, the retry is set for the earliest postponed start that was not due yet: a start
   * postponed while an earlier retry was pending would otherwise wait for the minute's schedule.
   */
  private async retryEarliest() {
    const [{ next }] = await this.knex('workflow_outbox').where('attempts', '>', 0).min({ next: 'next_attempt_at' });
    if (next) this.retryAt(new Date(next).getTime());
  }

  /** One timer per process, at the soonest time asked for: a sooner retry replaces a later one. */
  private retryAt(at: number) {
    if (this.closed || (this.retryTimer && (this.nextRetryAt ?? 0) <= at)) return;
    clearTimeout(this.retryTimer);
    this.nextRetryAt = at;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        this.nextRetryAt = undefined;
        this.sweep().catch((err) => this.log.warn({ err: (err as Error).message }, 'outbox sweep failed'));
      },
      Math.max(0, at - Date.now()),
    );
    this.retryTimer.unref();
  }
}

/** Temporal did not answer in time: the API answers it 503 (api/http/unavailable.ts). */
export class TemporalDeadlineError extends Error {
  constructor(ms: number) {
    super(`Temporal did not answer within ${ms} ms`);
    this.name = 'TemporalDeadlineError';
  }
}

/** Rejects when `promise` takes longer than `ms` (the call itself may still land: ids make that safe). */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TemporalDeadlineError(ms)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
