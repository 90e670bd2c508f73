// The storeLinkSync workflow's messages, shared by the workflow and its callers (the API's unlink,
// the review events' handler), so neither imports the other.
import { defineQuery, defineSignal } from '@temporalio/workflow';

/** Reviews of one of the linked shops changed: (shop id, review ids). */
export const reviewsChangedSignal = defineSignal<[number, number[]]>('storeLinkReviewsChanged');

/** A merchant unlinked: the copies go, then the link. */
export const unlinkSignal = defineSignal('storeLinkUnlink');

export interface LinkSyncState {
  phase: 'copying' | 'waiting' | 'unlinking';
  /** directions whose full pass is not done */
  backfilling: number;
  /** changes not handled yet */
  pending: number;
}
export const linkSyncStateQuery = defineQuery<LinkSyncState>('storeLinkState');
