// klaviyoDeliver: one per event per review or request (`klaviyo:<shop>:<event>:<key>`). Sends the
// event; a busy Klaviyo (429, 5xx) is retried when its Retry-After says (nextRetryDelay), otherwise
// backing off to once an hour; a refused key (IntegrationRevoked) disconnects the integration and,
// for the one delivery that disconnected it, mails the merchant.
import { log, proxyActivities } from '@temporalio/workflow';
import { revokedKey, VENDOR_CALL_RETRY } from '@plaudit/kernel/workflow';
import type { createActivities } from '../activities';
import type { DeliveryInput } from '../shared/klaviyo';

type Activities = ReturnType<typeof createActivities>;

const { klaviyoSendEvent } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: VENDOR_CALL_RETRY,
});
const { klaviyoMarkRevoked, klaviyoMailRevoked } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

export async function klaviyoDeliver(input: DeliveryInput): Promise<string> {
  try {
    return await klaviyoSendEvent(input);
  } catch (err) {
    const refused = revokedKey(err);
    if (!refused) throw err;
    const { message } = refused;
    log.warn('Klaviyo refused the key', { shop: input.shopDomain, message });
    if (await klaviyoMarkRevoked(input, message)) await klaviyoMailRevoked(input);
    return 'revoked';
  }
}
