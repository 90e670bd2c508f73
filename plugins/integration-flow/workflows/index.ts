// flowFireTrigger: one per trigger fired (`flow:<shop>:<trigger>:<key>`). Shopify's throttling and
// outages are retried with backoff; a refusal (userErrors: an unknown handle, a payload too large) is
// final and returned, as is a trigger with nothing to reference.
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { TriggerInput } from '../shared/flow';

const { flowSendTrigger } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    maximumAttempts: 20,
    nonRetryableErrorTypes: ['PlatformUserError'],
  },
});

export async function flowFireTrigger(input: TriggerInput): Promise<string> {
  try {
    return await flowSendTrigger(input);
  } catch (err) {
    if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'PlatformUserError')
      return `refused:${err.cause.message}`;
    throw err;
  }
}
