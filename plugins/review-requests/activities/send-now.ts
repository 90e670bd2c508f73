// One order of the sending screen: fetch it from the store, start (or join) its review request with
// everything known, and ask the workflow to send now. The answer is the workflow's own verdict.
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { ActivityDeps } from '@plaudit/kernel';
import { reviewRequestWorkflowId, sendAnywayUpdate } from '../workflows/messages';
import { entryOf } from '../db/queue';
import { numericId, startOrderRequest } from './old-orders';

export async function sendOrderRequestNow(
  deps: ActivityDeps,
  input: { shopId: number; shopDomain: string },
  orderId: string,
): Promise<{ ok: boolean; message: string }> {
  if (!deps.platform) throw new Error('No store platform is configured for the worker');
  const order = await deps.platform.adminApi(input.shopDomain).order(`gid://shopify/Order/${numericId(orderId)}`);
  if (!order) return { ok: false, message: 'Order not found' };
  const entry = await entryOf(deps.tenant(input.shopId, input.shopDomain), numericId(order.id)).first('status', 'sentAt');
  // A finished request's workflow is closed: starting it again would only reopen a done row.
  if (entry?.sentAt) return { ok: false, message: `A review request was already sent for ${order.name}` };
  await startOrderRequest({ temporal: deps.temporal.client, taskQueue: deps.config.temporal.taskQueue, appUrl: deps.config.appUrl }, input, order, 'send-now');
  try {
    const verdict = await deps.temporal.client.workflow
      .getHandle(reviewRequestWorkflowId(input.shopDomain, numericId(order.id)))
      .executeUpdate(sendAnywayUpdate);
    return { ok: true, message: String(verdict) };
  } catch (err) {
    // The workflow refused (already sent, reviewed ...): a verdict, not a failure to retry.
    if (err instanceof WorkflowUpdateFailedError) return { ok: false, message: (err.cause as Error | undefined)?.message ?? err.message };
    throw err;
  }
}
