// What a shop's workflows are doing, for a test's failure message: a wait that timed out says which
// workflow was still open, the activity it was on, its attempt and its last failure, instead of only
// "condition not met".
import type { Client } from '@temporalio/client';
import { eventWorkflowId } from '../../api/kernel/events';
import { eventually } from './eventually';

export async function shopWorkflows(client: Client, shopDomain: string): Promise<string> {
  const lines: string[] = [];
  for await (const w of client.workflow.list({ query: `ShopDomain = "${shopDomain}"` })) {
    const pending = w.status.name === 'RUNNING' ? ((await client.workflow.getHandle(w.workflowId, w.runId).describe()).raw.pendingActivities ?? []) : [];
    lines.push(`${w.status.name} ${w.type} ${w.workflowId} (started ${w.startTime.toISOString()})`);
    for (const a of pending)
      lines.push(`  activity ${a.activityType?.name} attempt ${a.attempt} ${a.state}${a.lastFailure?.message ? `: ${a.lastFailure.message}` : ''}`);
  }
  return lines.join('\n') || `no workflow of ${shopDomain}`;
}

/** Runs `wait`; when it fails, the error says what the shop's workflows were doing then (and `seen()`: what the test saw). */
export async function explained<T>(client: Client, shopDomain: string, wait: Promise<T>, seen?: () => string): Promise<T> {
  try {
    return await wait;
  } catch (err) {
    if (seen) (err as Error).message += `\n${seen()}`;
    (err as Error).message += `\n${shopDomain}'s workflows:\n${await shopWorkflows(client, shopDomain).catch((e) => `(not listed: ${(e as Error).message})`)}`;
    throw err;
  }
}

/** Until the durable delivery of event `ref` with `key` (its handlers) is over; it may not have started yet. */
export function eventDelivered(client: Client, ref: { name: string }, key: string | number): Promise<true> {
  return eventually(async () => (await client.workflow.getHandle(eventWorkflowId(ref.name, key)).result(), true), 60_000);
}
