// The re-sync's pace (workflows/backfill.ts), in the workflow's own folder: its code may import
// values only from there (tests/unit/plugin-boundaries.test.ts).
import type { ThrottleStatus } from '@plaudit/kernel';

/** Pages per run before continue-as-new: keeps each run's history small (about 200 events). */
export const PAGES_PER_RUN = 40;

/** Left in the bucket for the app's other calls on the shop (a review's own sync, rating metafields). */
export const RESERVE_SHARE = 0.1;

/**
 * How long to wait before the next page so the bucket holds what the last page cost (the next one
 * costs about the same) plus a tenth of it for the app's other calls: never more than a full
 * bucket, nothing when no call was made. The bucket's size and restore rate are the shop plan's,
 * read from Shopify's own answer.
 */
export function pauseBeforeNextPage(spent: number, throttle: ThrottleStatus | undefined): number {
  if (!throttle || throttle.restoreRate <= 0 || spent <= 0) return 0;
  const wanted = Math.min(spent + throttle.maximumAvailable * RESERVE_SHARE, throttle.maximumAvailable);
  const missing = wanted - throttle.currentlyAvailable;
  return missing > 0 ? Math.ceil((missing / throttle.restoreRate) * 1000) : 0;
}
