// One long-lived workflow per shop (`review-notifications:<shop>`): negative reviews are mailed at
// once, the others collected into a digest sent at most once an hour.
import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { digestPendingQuery, newReviewSignal, type NotificationsInput } from './messages';

const { reviewsNotify } = proxyActivities<ReturnType<typeof createActivities>>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 10 } });

const IDLE_MS = 7 * 24 * 3_600_000;
const MAX_ROUNDS = 500;

export async function reviewNotifications(input: NotificationsInput): Promise<void> {
  const every = input.digestEveryMs ?? 3_600_000;
  let lastDigestAt = input.lastDigestAt ?? 0;
  let pending = input.pending ?? [];
  const incoming: number[] = [];
  setHandler(newReviewSignal, (reviewId) => void incoming.push(reviewId));
  setHandler(digestPendingQuery, () => [...pending]);

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wait = pending.length ? Math.max(0, lastDigestAt + every - Date.now()) : IDLE_MS;
    await condition(() => incoming.length > 0, wait);
    if (!incoming.length && !pending.length) return; // idle for a week: the next review starts it again
    const due = Date.now() >= lastDigestAt + every;
    const ids = due ? [...pending, ...incoming.splice(0)] : incoming.splice(0);
    // Negative reviews go out now; the rest are either in the digest (when due) or come back deferred.
    const { deferred } = await reviewsNotify(input.shopId, ids, due);
    if (due) {
      lastDigestAt = Date.now();
      pending = [];
    } else pending.push(...deferred);
  }
  await continueAsNew<typeof reviewNotifications>({ ...input, lastDigestAt, pending });
}
