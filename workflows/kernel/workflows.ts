// Kernel workflows. Sandbox-safe: only @temporalio/workflow and the activities' types.
import { proxyActivities } from '@temporalio/workflow';
import type { createKernelActivities } from './activities';

const { dispatchWebhook } = proxyActivities<ReturnType<typeof createKernelActivities>>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 },
});

/**
 * One per verified webhook (id `webhook:<shop>:<webhook id>`): hands it to the kernel's handling
 * (uninstall, compliance) and to every plugin that handles its topic, retrying until all succeed.
 */
export async function processWebhook(deliveryId: number): Promise<string> {
  return dispatchWebhook(deliveryId);
}
