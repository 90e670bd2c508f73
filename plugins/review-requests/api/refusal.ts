// What the order's workflow said when it refused an update (its validator's message), for the merchant's
// queue actions and the customer's postpone page alike.
import { WorkflowNotFoundError } from '@temporalio/client';

export function refusalText(err: unknown): string {
  if (err instanceof WorkflowNotFoundError) return 'This request is no longer waiting: reload the list';
  return (err as { cause?: Error }).cause?.message ?? (err as Error).message;
}
