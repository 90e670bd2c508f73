// syndicationGoogleBackfill: every published review of a shop brought in line with Google's
// Merchant API product reviews, one page of 50 per activity. Google's quota is met by the client
// (429s waited out with back-off); a page that had to wait makes the workflow wait as long again
// (a durable timer) before the next, so a large shop slows to the quota instead of hammering it.
// One run per re-sync (`syndication-google:<shop>:<run>`); a newer re-sync, or the push
// disconnected, stops it at its next page; a worker restart replays to the page it was on.
import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { GoogleBackfillInput, GoogleBackfillResult } from '../shared/google-backfill';
import { PAGES_PER_RUN } from './pace';

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/** The longest wait between pages (Google's quotas refill per minute). */
const MAX_PAUSE_MS = 60_000;

export async function syndicationGoogleBackfill(input: GoogleBackfillInput): Promise<GoogleBackfillResult> {
  let afterId = input.afterId ?? 0;
  let checked = input.checked ?? 0;
  for (let pages = 0; pages < PAGES_PER_RUN; pages++) {
    const page = await acts.syndicationGooglePage(input, { afterId, before: checked });
    if (!page.current) return { state: 'stopped', checked };
    checked += page.checked;
    if (page.lastId === undefined) {
      await acts.syndicationGoogleFinish(input, checked);
      return { state: 'done', checked };
    }
    afterId = page.lastId;
    if (page.waitedMs > 0) await sleep(Math.min(page.waitedMs, MAX_PAUSE_MS));
  }
  return continueAsNew<typeof syndicationGoogleBackfill>({ ...input, afterId, checked });
}
