import { temporal } from '@temporalio/proto';

/** A history event's type as Temporal's UI names it (`WORKFLOW_TASK_TIMED_OUT`). */
export const eventTypeName = (e: temporal.api.history.v1.IHistoryEvent) =>
  (temporal.api.enums.v1.EventType[e.eventType ?? 0] ?? String(e.eventType)).replace(/^EVENT_TYPE_/, '');
