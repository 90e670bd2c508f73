// Durable event delivery: the `deliverEvent` workflow asks who listens (and whom the occurrence concerns:
// `onlyForShops`), then hands the event to each such plugin's handler (activities/index.ts
// `createEventHandlers(deps)`), retried until done.
import { ApplicationFailure } from '@temporalio/common';
import type { EventDelivery } from '../../api/kernel/events';
import type { ActivityDeps, EventHandlers } from '../plugin';

export function createEventActivities(deps: ActivityDeps, handlers: Map<string, EventHandlers>) {
  return {
    /** The plugins an occurrence goes to; without its payload (a delivery before `parallel-listeners`), all that listen. */
    async eventListeners(event: string, payload?: unknown): Promise<string[]> {
      const plugins = deps.events.listeners(event);
      if (payload === undefined) return plugins;
      const concerned = await Promise.all(plugins.map((plugin) => handlers.get(plugin)?.concerns(payload) ?? true));
      return plugins.filter((_, i) => concerned[i]);
    },
    async handleEvent(plugin: string, delivery: EventDelivery): Promise<void> {
      const handler = handlers.get(plugin)?.of(delivery.event);
      // A plugin removed since the event was recorded has nothing to do; say so in the history.
      if (!handler) throw ApplicationFailure.nonRetryable(`Plugin "${plugin}" has no handler for "${delivery.event}"`, 'NoEventHandler');
      await handler(delivery.payload);
    },
  };
}
