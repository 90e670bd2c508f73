// deliverWebhook: one delivery of one webhook (`webhook:<shop>:<delivery id>`). The POST is an
// activity that Temporal retries with exponential backoff (the input's timing: 30 s doubling up to
// 1 h between attempts, for 24 h); every attempt is recorded on the delivery row. When the window
// is spent the delivery is marked failed, and if the endpoint accepted nothing since the delivery
// was made the subscription is switched off and the merchant mailed once (WEBHOOKS.md).
import { ActivityFailure, isCancellation, proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { DeliveryOutcome, WebhookDeliveryInput } from './messages';

type Activities = ReturnType<typeof createActivities>;

const { webhooksGiveUp, webhooksMailDisabled } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

export async function deliverWebhook(input: WebhookDeliveryInput): Promise<DeliveryOutcome> {
  const { timing, once } = input;
  const { webhooksAttempt } = proxyActivities<Activities>({
    // one attempt waits at most 10 s for the endpoint (activities/webhook-target.ts)
    startToCloseTimeout: '30 seconds',
    // a single attempt (ping, redelivery) is not cut short by a window shortened for tests
    scheduleToCloseTimeout: once ? '1 minute' : timing.retryWindowMs,
    retry: { initialInterval: timing.retryInitialMs, backoffCoefficient: 2, maximumInterval: timing.retryMaxMs, ...(once ? { maximumAttempts: 1 } : {}) },
  });
  try {
    return await webhooksAttempt(input);
  } catch (err) {
    // only the endpoint's failure gives up on the delivery; anything else is a bug to surface
    if (isCancellation(err) || !(err instanceof ActivityFailure)) throw err;
    // every attempt failed (or the window closed): the delivery is failed for good
    if (await webhooksGiveUp(input)) await webhooksMailDisabled(input);
    return 'failed';
  }
}

/** webhooksPurgeDeliveries: every hour from the `public-api-webhook-retention` schedule (api/index.ts). */
export async function webhooksPurgeDeliveries(): Promise<number> {
  const { webhooksPurgeOld } = proxyActivities<Activities>({ startToCloseTimeout: '10 minutes', retry: { maximumAttempts: 5 } });
  return webhooksPurgeOld();
}
