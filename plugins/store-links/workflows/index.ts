// One long-lived workflow per link (`store-link:<link key>`): first a full pass over each shop's
// published reviews, a page per activity, copying those whose product's SKUs the other shop sells;
// then it waits for changes (signals from the review events) and brings those reviews' copies in
// line. Unlinking removes the copies a page at a time, then the link. Every step is idempotent (the
// copies are keyed by origin review and content hash), so a retried activity or a replayed run
// changes nothing; the state travels through continueAsNew.
import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { createActivities } from '../activities';
import type { Backfill, ChangedReviews, StoreLinkInput } from '../shared/link';
import { type LinkSyncState, linkSyncStateQuery, reviewsChangedSignal, unlinkSignal } from './messages';

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});

/** activities per run before the history starts again (continueAsNew) */
const MAX_ROUNDS = 200;

export async function storeLinkSync(input: StoreLinkInput): Promise<void> {
  const { linkKey, sides } = input;
  const backfill: Backfill[] = input.backfill ?? [
    { from: 0, after: null },
    { from: 1, after: null },
  ];
  const pending: ChangedReviews[] = input.pending ?? [];
  let unlinking = input.unlinking ?? false;
  let phase: LinkSyncState['phase'] = 'copying';
  setHandler(reviewsChangedSignal, (shopId, reviewIds) => void pending.push({ shopId, reviewIds }));
  setHandler(unlinkSignal, () => void (unlinking = true));
  setHandler(linkSyncStateQuery, () => ({ phase, backfilling: backfill.length, pending: pending.length }));

  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (unlinking) {
      phase = 'unlinking';
      if (await acts.storeLinksRemoveCopies({ linkKey, sides })) continue;
      await acts.storeLinksForget({ linkKey, sides });
      return;
    }
    const pass = backfill[0];
    if (pass) {
      const after = await acts.storeLinksCopyPage({ linkKey, from: sides[pass.from], to: sides[1 - pass.from], after: pass.after });
      if (after) pass.after = after;
      else backfill.shift();
      continue;
    }
    phase = 'waiting';
    await condition(() => pending.length > 0 || unlinking);
    if (unlinking) continue;
    phase = 'copying';
    const change = pending.shift()!;
    const from = sides.findIndex((s) => s.shopId === change.shopId);
    if (from >= 0) await acts.storeLinksSyncReviews({ linkKey, from: sides[from], to: sides[1 - from], reviewIds: change.reviewIds });
  }
  await continueAsNew<typeof storeLinkSync>({ linkKey, sides, backfill, pending, unlinking });
}
