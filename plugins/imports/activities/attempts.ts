// One attempt of an import run writes at a time. Temporal retries a run whose heartbeat timed out, but
// the attempt it gave up on may still be alive (a stalled machine, a long GC pause): without this the
// two wrote side by side, the retry counting as "skipped" every row the other had just written (seen
// under load: 5,006 imported and 1,008 skipped of a 5,008-row file).
import { Context } from '@temporalio/activity';
import type { Knex } from 'knex';

/** advisory-lock key space of import runs (the other plugins' spaces: 5_105, 5_106) */
const RUN_LOCK = 5_107;
/** how often a retry asks again for the run while an earlier attempt holds it */
const WAIT_MS = 1_000;

/**
 * Runs `attempt` holding the run's session lock on a connection of its own; while an earlier attempt
 * holds it, waits, heartbeating (cancellable as ever). The earlier attempt lets go when it ends or
 * stops at its next batch (`stopIfCancelled`: its heartbeat was refused, so it was cancelled).
 */
export async function oneAttemptAtATime<T>(knex: Knex, runId: number, attempt: () => Promise<T>): Promise<T> {
  const connection = await knex.client.acquireConnection();
  // tenancy: no table, a lock named by the run's id (unique across shops)
  const ask = (fn: string) => knex.raw(`select ${fn}(?, ?) as held`, [RUN_LOCK, runId]).connection(connection);
  try {
    while (!(await ask('pg_try_advisory_lock')).rows[0].held) {
      Context.current().heartbeat();
      await Context.current().sleep(WAIT_MS);
    }
    try {
      return await attempt();
    } finally {
      await ask('pg_advisory_unlock');
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** Before a batch: a cancelled attempt (its heartbeat timed out, the worker shuts down) stops; the retry resumes from the stored position. */
export function stopIfCancelled() {
  const { cancellationSignal } = Context.current();
  if (cancellationSignal.aborted) throw cancellationSignal.reason;
}
