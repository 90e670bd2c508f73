// The sending screen's background send (/collect-reviews/email-request): a request for each chosen
// order, started or joined and sent at once; the screen polls the progress.
import { proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { sendNowProgressQuery, type SendNowProgress } from './messages';

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 },
});

export async function sendRequestsNow(input: { shopId: number; shopDomain: string; orderIds: string[] }): Promise<SendNowProgress> {
  const progress: SendNowProgress = { total: input.orderIds.length, done: 0, results: [], finished: false };
  setHandler(sendNowProgressQuery, () => progress);
  for (const orderId of input.orderIds) {
    const verdict = await acts.sendOrderRequestNow(input, orderId);
    progress.results.push({ orderId, ...verdict });
    progress.done++;
  }
  progress.finished = true;
  return progress;
}
