// Why a webhook was dispatched more than once in its one processWebhook run: read from the delivery's
// row and the run's history. A test that counts dispatches accepts a second one only when this explains
// it (tests/reliability/webhooks.test.ts, tests/scale/topology.test.ts).
import type { Client } from '@temporalio/client';
import { webhookWorkflowId } from '../../api/platform/webhook-intake';
import { eventTypeName } from './history-events';

export interface DeliveryRow {
  shopDomain: string;
  webhookId: string;
  attempts: number;
  error: string | null;
}

/**
 * For webhooks dispatched more than once in one run, what explains it: the earlier attempt's failure
 * (the row's `error`; the dispatch is retried until every handler succeeds) or a workflow task that timed
 * out or failed while the dispatch ran (the next task runs the local activity again: Temporal's
 * at-least-once window); with the run's event types in order. `explained` is false when neither shows.
 */
export async function whyDispatchedAgain(temporal: Client, rows: DeliveryRow[]) {
  return Promise.all(
    rows
      .filter((r) => r.attempts > 1)
      .map(async (r) => {
        const history = await temporal.workflow.getHandle(webhookWorkflowId(r.shopDomain, r.webhookId)).fetchHistory();
        const events = history.events ?? [];
        const taskTrouble = events.flatMap((e) => {
          if (e.workflowTaskTimedOutEventAttributes) return [`workflow task timed out (${e.workflowTaskTimedOutEventAttributes.timeoutType})`];
          if (e.workflowTaskFailedEventAttributes) return [`workflow task failed: ${e.workflowTaskFailedEventAttributes.failure?.message}`];
          return [];
        });
        const explained = Boolean(r.error || taskTrouble.length);
        return { webhookId: r.webhookId, attempts: r.attempts, explained, error: r.error, taskTrouble, events: events.map(eventTypeName) };
      }),
  );
}
