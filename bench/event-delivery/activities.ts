// The kernel's event activities over LISTENERS plugins whose handlers do nothing, so what the bench
// measures is a delivery's Temporal traffic, not the handlers' work.
import { eventHandlers, handleEvent, type EventHandlers } from '../../api/kernel/events';
import { createEventActivities } from '../../workflows/kernel/event-activities';
import type { ActivityDeps } from '../../workflows/plugin';
import { ReviewCreated } from '../../contracts/reviews';

export function benchActivities(listeners: number) {
  const plugins = Array.from({ length: listeners }, (_, i) => `listener-${i + 1}`);
  const handlers = new Map<string, EventHandlers>(plugins.map((p) => [p, eventHandlers(handleEvent(ReviewCreated, () => undefined))]));
  const deps = { events: { listeners: () => plugins } } as unknown as ActivityDeps;
  return createEventActivities(deps, handlers);
}
