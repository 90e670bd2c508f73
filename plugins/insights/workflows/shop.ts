// insightsShop: one per shop (`insights-shop:<shop>`), started by the first change of a review
// (signal-with-start from the durable event handlers, activities/index.ts). It collects the ids of
// reviews written, edited, moderated or deleted; one activity reads a batch of them in one query and
// stores it with one recount per product. Batches run one at a time, so a shop's changes never race
// each other. A change after a quiet spell is read at once (a server timer fires a second late at
// best, too slow for "one new review in under 1 s"); while changes keep coming (a batch ended less
// than BURST_MS ago), the next batch gathers for GATHER_MS or BATCH_SIZE ids, so a burst is read in a
// few batches. A day without changes ends it; continue-as-new bounds its history.
import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { reviewsChangedSignal, shopBatchesQuery, type InsightsShopInput } from './messages';

const { insightsReadBatch } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '2 minutes',
  // a database outage must not drop the batch: retried until stored
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export const BURST_MS = 1_000;
export const GATHER_MS = 1_000;
export const BATCH_SIZE = 500;
const IDLE_MS = 24 * 3_600_000;
const BATCHES_PER_RUN = 200;

export async function insightsShop(input: InsightsShopInput): Promise<void> {
  const shop = { shopId: input.shopId, shopDomain: input.shopDomain };
  const waiting = new Set(input.waiting ?? []);
  const totals = { batches: 0, reviews: 0, ...input.totals };
  setHandler(reviewsChangedSignal, (ids) => {
    for (const id of ids) waiting.add(id);
  });
  setHandler(shopBatchesQuery, () => ({ ...totals, waiting: waiting.size }));

  let lastBatchEnd = Number.NEGATIVE_INFINITY;
  for (let round = 0; round < BATCHES_PER_RUN && !workflowInfo().continueAsNewSuggested; round++) {
    if (!waiting.size && !(await condition(() => waiting.size > 0, IDLE_MS))) return;
    if (Date.now() - lastBatchEnd < BURST_MS && waiting.size < BATCH_SIZE) await condition(() => waiting.size >= BATCH_SIZE, GATHER_MS);
    const batch = [...waiting].slice(0, BATCH_SIZE);
    for (const id of batch) waiting.delete(id);
    await insightsReadBatch(shop, batch);
    lastBatchEnd = Date.now();
    totals.batches++;
    totals.reviews += batch.length;
  }
  await continueAsNew<typeof insightsShop>({ ...shop, waiting: [...waiting], totals });
}
