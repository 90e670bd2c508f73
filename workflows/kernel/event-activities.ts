// Durable event delivery: the `deliverEvent` workflow asks who listens (and whom the occurrence concerns:
// `onlyForShops`), then hands the event to every such plugin's handler (activities/index.ts
// `createEventHandlers(deps)`) in one activity, and to each that failed there in one of its own, retried
// until done.
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
      await handlerOf(handlers, plugin, delivery)(delivery.payload);
    },
    /** Every plugin's handler side by side, once: the plugins whose handler failed, and why (the workflow retries those one by one). */
    async handleEvents(plugins: string[], delivery: EventDelivery): Promise<ListenerFailure[]> {
      const handled = await Promise.allSettled(plugins.map(async (plugin) => handlerOf(handlers, plugin, delivery)(delivery.payload)));
      return handled.flatMap((h, i) => (h.status === 'rejected' ? [{ plugin: plugins[i], error: String(h.reason?.message ?? h.reason) }] : []));
    },
  };
}

/** A listener whose handler failed in `handleEvents`: shown in the workflow's history before its own retries. */
export interface ListenerFailure {
  plugin: string;
  error: string;
}

function handlerOf(handlers: Map<string, EventHandlers>, plugin: string, delivery: EventDelivery) {
  const handler = handlers.get(plugin)?.of(delivery.event);
  // A plugin removed since the event was recorded has nothing to do; say so in the history.
  if (!handler) throw ApplicationFailure.nonRetryable(`Plugin "${plugin}" has no handler for "${delivery.event}"`, 'NoEventHandler');
  return handler;
}
