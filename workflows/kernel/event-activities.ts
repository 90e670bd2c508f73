// Durable event delivery: the `deliverEvent` workflow asks who listens, then hands the event to each
// listening plugin's handler (activities/index.ts `createEventHandlers(deps)`), retried until done.
import { ApplicationFailure } from '@temporalio/common';
import type { EventDelivery } from '../../api/kernel/events';
import type { ActivityDeps, EventHandlers } from '../plugin';

export function createEventActivities(deps: ActivityDeps, handlers: Map<string, EventHandlers>) {
  return {
    async eventListeners(event: string): Promise<string[]> {
      return deps.events.listeners(event);
    },
    async handleEvent(plugin: string, delivery: EventDelivery): Promise<void> {
      const handler = handlers.get(plugin)?.of(delivery.event);
      // A plugin removed since the event was recorded has nothing to do; say so in the history.
      if (!handler) throw ApplicationFailure.nonRetryable(`Plugin "${plugin}" has no handler for "${delivery.event}"`, 'NoEventHandler');
      await handler(delivery.payload);
    },
  };
}
