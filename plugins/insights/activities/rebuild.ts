// The full rebuild's activities (workflows/rebuild.ts). A call goes through pages for up to CALL_MS
// and heartbeats its position after each page stored, so a retried call starts after the last page
// it stored, and the workflow's history grows by one activity per CALL_MS, not per page. The pages
// overlap: while one is read here (CPU), the one before is being stored and the next fetched
// (PostgreSQL, the other core).
import { Context } from '@temporalio/activity';
import type { ActivityDeps, Tenant } from '@plaudit/kernel';
import { ReviewLabels, ReviewTexts } from '@plaudit/contracts/reviews';
import { readingsOf, type ReviewSources } from '../db/read-reviews';
import { fetchPage, finishRebuild, REBUILD_PAGE, storePage } from '../db/rebuild';
import type { RebuildInput, RebuildStep } from '../workflows/messages';

const CALL_MS = 20_000;

/** the reviews' texts (without them nothing is read), labels (Manage reviews' chips, when offered) and the events (topics.updated) */
export function reviewSources(deps: ActivityDeps): ReviewSources | undefined {
  const texts = deps.capabilities.get(ReviewTexts);
  return texts && { texts, labels: deps.capabilities.get(ReviewLabels), events: deps.events };
}

/** Work started now and awaited later: its failure is thrown where it is awaited, never left unhandled meanwhile. */
function started<T>(work: Promise<T>): () => Promise<T> {
  const settled = work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return async () => {
    const outcome = await settled;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
}

type Position = Omit<RebuildStep, 'more'>;

/** pages after `from` for up to CALL_MS: each read while the one before is stored; `stored` is called after each store */
async function readPages(deps: ActivityDeps, sources: ReviewSources, tenant: Tenant, from: Position, stored: (p: Position) => void): Promise<RebuildStep> {
  const until = Date.now() + CALL_MS;
  const position = { ...from };
  let storing: (() => Promise<void>) | undefined;
  let fetching = started(fetchPage(sources.texts, tenant, position.afterId));
  for (;;) {
    const page = await fetching();
    const full = page.length === REBUILD_PAGE;
    const more = full && Date.now() < until;
    if (more) fetching = started(fetchPage(sources.texts, tenant, page[page.length - 1].id));
    const readings = await readingsOf(page);
    await storing?.();
    if (storing) stored(position);
    if (!page.length) return { ...position, more: false };
    const afterId = position.afterId;
    storing = started(storePage(deps.knex, sources.labels, tenant, afterId, page, readings));
    position.afterId = page[page.length - 1].id;
    position.read += page.length;
    if (!more) {
      await storing();
      stored(position);
      return { ...position, more: full };
    }
  }
}

export function rebuildActivities(deps: ActivityDeps) {
  const tenantOf = (input: RebuildInput) => deps.tenant(input.shopId, input.shopDomain);
  return {
    /** the shop's reviews in any status, when the rebuild starts */
    async insightsRebuildCount(input: RebuildInput): Promise<number> {
      return (await deps.capabilities.get(ReviewTexts)?.countAll(tenantOf(input))) ?? 0;
    },
    async insightsRebuildPages(input: RebuildInput, afterId: number): Promise<RebuildStep> {
      const sources = reviewSources(deps);
      if (!sources) return { read: 0, afterId, more: false };
      const context = Context.current();
      const resumed = context.info.heartbeatDetails as Position | undefined;
      return readPages(deps, sources, tenantOf(input), resumed ?? { read: 0, afterId }, (p) => context.heartbeat(p));
    },
    // afterId: the last page's end, which older runs in flight still pass; every stored id is checked now
    async insightsRebuildFinish(input: RebuildInput, _afterId: number): Promise<void> {
      const sources = reviewSources(deps);
      if (sources) await finishRebuild(deps.knex, sources, tenantOf(input));
    },
  };
}
