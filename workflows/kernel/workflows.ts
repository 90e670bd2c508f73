// Kernel workflows. Sandbox-safe: only @temporalio/workflow and the activities' types.
import { isCancellation, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { EventDelivery } from '../../api/kernel/events';
import type { createKernelActivities } from './activities';
import type { createEventActivities } from './event-activities';

const webhookOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 },
} as const;
const { dispatchWebhook, sweepOutbox } = proxyActivities<ReturnType<typeof createKernelActivities>>(webhookOptions);
const inWorker = proxyLocalActivities<ReturnType<typeof createKernelActivities>>(webhookOptions);

/**
 * One per verified webhook (id `webhook:<shop>:<webhook id>`): hands it to the kernel's handling
 * (uninstall, compliance) and to every plugin that handles its topic, retrying until all succeed.
 * Since `local-dispatch` in the worker that runs the workflow (a local activity, retried the same way):
 * a webhook is a short piece of work on every order, and a task-queue round trip doubled its history.
 */
export async function processWebhook(deliveryId: number): Promise<string> {
  return patched('local-dispatch') ? inWorker.dispatchWebhook(deliveryId) : dispatchWebhook(deliveryId);
}

/**
 * Every minute (schedule `kernel-outbox-sweep`): records starts for webhook deliveries stuck in
 * `received`, and hands Temporal the durable starts it could not take before.
 */
export async function outboxSweep(): Promise<string> {
  const { redriven, started, left } = await sweepOutbox();
  return `${redriven} stuck webhook(s) re-driven, ${started} started, ${left} left`;
}

const { eventListeners } = proxyActivities<ReturnType<typeof createEventActivities>>({ startToCloseTimeout: '30 seconds' });
const local = proxyLocalActivities<ReturnType<typeof createEventActivities>>({ startToCloseTimeout: '30 seconds' });
const { handleEvent } = proxyActivities<ReturnType<typeof createEventActivities>>({
  startToCloseTimeout: '2 minutes',
  // a listener that must not miss the event keeps being retried (backing off to once an hour)
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 hour' },
});
// one attempt: the listeners that failed in it are retried each on its own (handleEvent)
const together = proxyActivities<ReturnType<typeof createEventActivities>>({ startToCloseTimeout: '2 minutes', retry: { maximumAttempts: 1 } });

const delivered = (delivery: EventDelivery, plugins: string[]) => `${delivery.event} -> ${plugins.join(', ') || 'no listener'}`;

/**
 * One per event occurrence (`event:<name>:<key>`): every listening plugin's handler, side by side, each
 * retried on its own, so a listener that keeps failing (its vendor down) holds up none of the others.
 * Who listens (and whom it concerns: an integration's connected shops) is read in the worker by a local
 * activity: no task-queue round trip, and no activity for a plugin the occurrence does not concern.
 * Since `listeners-in-one-activity` the handlers first run together in one activity (one task and three
 * history events where each listener cost its own); only those that failed there get activities of their own.
 * Before `parallel-listeners`: the list read by an activity, then each handler in turn.
 */
export async function deliverEvent(delivery: EventDelivery): Promise<string> {
  if (!patched('parallel-listeners')) return deliverInTurn(delivery);
  const plugins = await local.eventListeners(delivery.event, delivery.payload);
  const retried = patched('listeners-in-one-activity') ? await failedTogether(plugins, delivery) : plugins;
  const handled = await Promise.allSettled(retried.map((plugin) => handleEvent(plugin, delivery)));
  const failed = handled.find((h) => h.status === 'rejected');
  if (failed) throw failed.reason;
  return delivered(delivery, plugins);
}

/** The listeners whose handler failed when all ran in one activity; all of them when that activity itself failed (timed out, its worker lost). */
async function failedTogether(plugins: string[], delivery: EventDelivery): Promise<string[]> {
  if (!plugins.length) return plugins;
  try {
    return (await together.handleEvents(plugins, delivery)).map((failure) => failure.plugin);
  } catch (err) {
    if (isCancellation(err)) throw err;
    return plugins;
  }
}

async function deliverInTurn(delivery: EventDelivery): Promise<string> {
  const plugins = await eventListeners(delivery.event);
  for (const plugin of plugins) await handleEvent(plugin, delivery);
  return delivered(delivery, plugins);
}
