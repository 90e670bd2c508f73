// translateReviewsInto: every published review of a shop into one language (a merchant adds a
// storefront language), a page at a time. The activity translates a page and says how long to
// pause so the provider's request rate holds, or to wait (its 429's Retry-After, an outage) and
// try the same position again; a spent character quota or a refused key stops the run with its
// reason. Progress by query; history bounded by continue-as-new. translationsDetectLanguages (at the
// end): the scheduled detection of imported reviews' languages.
import { continueAsNew, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { bulkProgressQuery, type BulkInput, type BulkPage, type BulkProgress, type DetectionTotals } from './messages';

const { translationsBulkPage } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 },
});
const { translationsDetectPage } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 5 },
});

const PAGES_PER_RUN = 200;
/** waits in a row before a run that makes no headway stops */
const MAX_WAITS = 30;

export async function translateReviewsInto(input: BulkInput, carried?: { progress: BulkProgress; afterId: number }): Promise<BulkProgress> {
  const progress: BulkProgress = carried?.progress ?? {
    target: input.target,
    total: null,
    done: 0,
    translated: 0,
    unavailable: 0,
    state: 'running',
    reason: null,
  };
  setHandler(bulkProgressQuery, () => progress);
  let afterId = carried?.afterId ?? 0;
  let waits = 0;
  for (let pages = 0; ; pages++) {
    if (pages >= PAGES_PER_RUN) await continueAsNew<typeof translateReviewsInto>(input, { progress, afterId });
    const page: BulkPage = await translationsBulkPage(input, afterId);
    progress.total = page.total;
    progress.done += page.seen;
    progress.translated += page.translated;
    progress.unavailable += page.unavailable;
    afterId = page.lastId;
    if (page.stop) {
      Object.assign(progress, { state: 'stopped', reason: page.stop });
      return progress;
    }
    if (page.waitMs !== undefined) {
      if (++waits > MAX_WAITS) {
        Object.assign(progress, { state: 'stopped', reason: 'unavailable' });
        return progress;
      }
      progress.state = 'waiting';
      await sleep(page.waitMs);
      progress.state = 'running';
      continue;
    }
    waits = 0;
    if (!page.more) break;
    if (page.pauseMs > 0) await sleep(page.pauseMs);
  }
  progress.state = 'completed';
  return progress;
}

const DETECTION_PAGES_PER_RUN = 500;

/**
 * translationsDetectLanguages: every 5 minutes from the `translations-detect-languages` schedule
 * (review-text/detection-schedule.ts), and on demand for one shop: the language of each review
 * written without an event (imports), every installed shop in bounded batches (detect-batch.ts).
 */
export async function translationsDetectLanguages(
  only?: { shopId?: number; perShop?: number },
  carried?: { afterShopId: number; totals: DetectionTotals },
): Promise<DetectionTotals> {
  const totals: DetectionTotals = carried?.totals ?? { shops: 0, examined: 0, detected: 0 };
  let afterShopId = carried?.afterShopId ?? 0;
  for (let pages = 0; ; pages++) {
    if (pages >= DETECTION_PAGES_PER_RUN) await continueAsNew<typeof translationsDetectLanguages>(only, { afterShopId, totals });
    const page = await translationsDetectPage({ ...only, afterShopId });
    totals.shops += page.shops;
    totals.examined += page.examined;
    totals.detected += page.detected;
    if (!page.more) return totals;
    afterShopId = page.lastShopId;
  }
}
