// syndicationBackfill: every published review of a shop brought in line with Shopify's
// product_review metaobjects, one page of 50 per activity, paced by the shop's GraphQL bucket as
// Shopify reports it (a durable timer between pages), so a 10,000-review shop never meets THROTTLED.
// One run per re-sync (`syndication-backfill:<shop>:<run>`); a newer re-sync, or syndication turned
// off, stops it at its next page. Resumable by nature: a worker restart replays to the page it was on.
import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { BackfillInput, BackfillResult } from '../shared/backfill';
import { PAGES_PER_RUN, pauseBeforeNextPage } from './pace';

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  // a page waits out THROTTLED answers itself (shopify.ts `patiently`): minutes at worst
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

export async function syndicationBackfill(input: BackfillInput): Promise<BackfillResult> {
  let afterId = input.afterId ?? 0;
  let checked = input.checked ?? 0;
  for (let pages = 0; pages < PAGES_PER_RUN; pages++) {
    const page = await acts.syndicationBackfillPage(input, { afterId, before: checked });
    if (!page.current) return { state: 'stopped', checked };
    checked += page.checked;
    if (page.lastId === undefined) {
      await acts.syndicationBackfillFinish(input, checked);
      return { state: 'done', checked };
    }
    afterId = page.lastId;
    const pause = pauseBeforeNextPage(page.spent, page.throttle);
    if (pause > 0) await sleep(pause);
  }
  return continueAsNew<typeof syndicationBackfill>({ ...input, afterId, checked });
}
