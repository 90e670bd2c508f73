// What a run's waits say: the summaries of the timers in its history (what the Temporal UI's timeline shows).
import { defaultPayloadConverter } from '@temporalio/common';
import type { WorkflowHandle } from '@temporalio/client';

export async function timerSummaries(run: WorkflowHandle): Promise<string[]> {
  const { events } = await run.fetchHistory();
  return (events ?? [])
    .filter((e) => e.timerStartedEventAttributes && e.userMetadata?.summary)
    .map((e) => defaultPayloadConverter.fromPayload<string>(e.userMetadata!.summary!));
}
