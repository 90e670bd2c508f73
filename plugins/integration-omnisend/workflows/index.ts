// omnisendEvent: one per event and review or request send (`omnisend:<shop>:<event>:<key>`). Sends
// the event, retried with backoff and after Omnisend's Retry-After; a refused key (401/403) is not
// retried: the integration is disconnected and, by the one call that disconnected it, the merchant
// told once.
import { proxyActivities } from '@temporalio/workflow';
import { revokedKey, VENDOR_CALL_RETRY } from '@plaudit/kernel/workflow';
import type { createActivities } from '../activities';
import type { OmnisendDelivery } from './messages';

const { omnisendDeliver } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: VENDOR_CALL_RETRY,
});
const { omnisendRevoked, omnisendMailRevoked } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

export async function omnisendEvent(input: OmnisendDelivery): Promise<string> {
  try {
    return await omnisendDeliver(input);
  } catch (err) {
    const cause = revokedKey(err);
    if (!cause) throw err;
    // two steps, so a mail retried after a passing SMTP failure is not lost to the claim already made
    if (await omnisendRevoked(input, cause.message)) await omnisendMailRevoked(input);
    return 'revoked';
  }
}
