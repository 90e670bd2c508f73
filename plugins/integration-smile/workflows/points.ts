// smileReviewPoints: one per published review (`smile:<shop>:review:<review>`). Creates the review's
// Smile.io activity, retried with backoff (Smile's Retry-After first); a refused key disconnects the
// integration and tells the merchant once; a refused call (VendorRejected) ends it.
import { proxyActivities } from '@temporalio/workflow';
import { revokedKey, VENDOR_CALL_RETRY } from '@plaudit/kernel/workflow';
import type { createActivities } from '../activities';
import type { SmileInput, SmileOutcome } from '../shared/smile';

type Activities = ReturnType<typeof createActivities>;

const { smileAward } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: VENDOR_CALL_RETRY,
});
const { smileRevoked, smileMailRevoked } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 20 },
});

export async function smileReviewPoints(input: SmileInput): Promise<SmileOutcome> {
  try {
    return await smileAward(input);
  } catch (err) {
    const refused = revokedKey(err);
    if (!refused) throw err;
    if (await smileRevoked(input, refused.message)) await smileMailRevoked(input);
    return 'revoked';
  }
}
