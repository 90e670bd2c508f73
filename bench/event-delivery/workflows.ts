// The kernel's deliverEvent as it is (its listeners read by a local activity, handled side by side) and
// as it was before `parallel-listeners` (read by an activity through the task queue, handled in turn).
import { proxyActivities } from '@temporalio/workflow';
import type { EventDelivery } from '../../api/kernel/events';
import type { createEventActivities } from '../../workflows/kernel/event-activities';

export { deliverEvent } from '../../workflows/kernel/workflows';

const { eventListeners, handleEvent } = proxyActivities<ReturnType<typeof createEventActivities>>({ startToCloseTimeout: '2 minutes' });

export async function deliverInTurn(delivery: EventDelivery): Promise<string> {
  const plugins = await eventListeners(delivery.event);
  for (const plugin of plugins) await handleEvent(plugin, delivery);
  return `${delivery.event} -> ${plugins.join(', ')}`;
}
