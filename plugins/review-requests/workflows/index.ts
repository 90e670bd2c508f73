// The plugin's workflows: the review request of one order (review-request.ts), the sending screen's
// background send, settings mail and the requests for old orders.
import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { progressQuery, type OldOrdersProgress } from './messages';

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

export { reviewRequest } from './review-request';
export { sendRequestsNow } from './send-now';
export { settingsMail } from './settings-mail';

/** Starts a review request for every order of the last 60 days, a page at a time, up to `limit`. */
export async function oldOrderRequests(input: { shopId: number; shopDomain: string; limit: number }): Promise<OldOrdersProgress> {
  const progress: OldOrdersProgress = { started: 0, total: null, done: false };
  setHandler(progressQuery, () => progress);
  let cursor: string | null = null;
  do {
    const page: { started: number; total: number | null; nextCursor: string | null } = await acts.startOldOrderPage(
      input,
      cursor,
      input.limit - progress.started,
    );
    progress.started += page.started;
    // the orders that could get a request when the send began (later pages do not repeat it)
    if (page.total !== null) progress.total = Math.min(page.total, input.limit);
    cursor = page.nextCursor;
  } while (cursor && progress.started < input.limit);
  progress.done = true;
  return progress;
}
