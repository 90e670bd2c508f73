// insightsRebuild: every review of a shop read again (`insights-rebuild:<shop>`, one at a time: a
// second start while one runs gets the running one). An activity reads pages of the reviews' bulk
// read (`reviews.texts` pageFacts, keyset by id) and stores each page in one transaction, for a
// bounded time per call, heartbeating its position so a retry resumes there; the products' counts
// are made again once at the end. The stored counts stay as they were until then (no empty box
// while it runs). Progress by query; continue-as-new bounds the history of a very large shop.
import { continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import { rebuildProgressQuery, type RebuildInput, type RebuildProgress } from './messages';

const { insightsRebuildCount, insightsRebuildPages, insightsRebuildFinish } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const CALLS_PER_RUN = 100;

export async function insightsRebuild(input: RebuildInput, carried?: RebuildProgress): Promise<RebuildProgress> {
  const progress: RebuildProgress = carried ?? {
    state: 'running',
    total: null,
    read: 0,
    afterId: 0,
    startedAt: new Date(Date.now()).toISOString(),
    readAt: null,
    finishedAt: null,
  };
  setHandler(rebuildProgressQuery, () => progress);
  if (progress.total === null) progress.total = await insightsRebuildCount(input);
  for (let calls = 0; ; calls++) {
    if (calls >= CALLS_PER_RUN) await continueAsNew<typeof insightsRebuild>(input, progress);
    const step = await insightsRebuildPages(input, progress.afterId);
    progress.read += step.read;
    progress.afterId = step.afterId;
    if (!step.more) break;
  }
  Object.assign(progress, { state: 'counting', readAt: new Date(Date.now()).toISOString() });
  await insightsRebuildFinish(input, progress.afterId);
  return Object.assign(progress, { state: 'completed', finishedAt: new Date(Date.now()).toISOString() });
}
