// The kernel's deliverEvent as it is (its listeners read by a local activity, handled together in one
// activity), as it was before `listeners-in-one-activity` (an activity per listener, side by side) and
// before `parallel-listeners` (read by an activity through the task queue, handled in turn).
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { EventDelivery } from '../../api/kernel/events';
import type { createEventActivities } from '../../workflows/kernel/event-activities';

export { deliverEvent } from '../../workflows/kernel/workflows';

const { eventListeners, handleEvent } = proxyActivities<ReturnType<typeof createEventActivities>>({ startToCloseTimeout: '2 minutes' });

export async function deliverInTurn(delivery: EventDelivery): Promise<string> {
  const plugins = await eventListeners(delivery.event);
  for (const plugin of plugins) await handleEvent(plugin, delivery);
  return `${delivery.event} -> ${plugins.join(', ')}`;
}

const local = proxyLocalActivities<ReturnType<typeof createEventActivities>>({ startToCloseTimeout: '30 seconds' });

export async function deliverSideBySide(delivery: EventDelivery): Promise<string> {
  const plugins = await local.eventListeners(delivery.event, delivery.payload);
  await Promise.all(plugins.map((plugin) => handleEvent(plugin, delivery)));
  return `${delivery.event} -> ${plugins.join(', ')}`;
}
