// The insights workflows' inputs, progress and messages, shared by the workflows, their activities,
// the event handlers and the API (so none imports another).
import { defineQuery, defineSignal } from '@temporalio/workflow';

export interface InsightsShopInput {
  shopId: number;
  shopDomain: string;
  /** carried over continue-as-new: ids that arrived and were not read yet, and the counters */
  waiting?: number[];
  totals?: ShopBatchTotals;
}

export interface ShopBatchTotals {
  /** batches read since the workflow first started (continue-as-new carries them) */
  batches: number;
  /** review ids read in them (a review changed twice in one window counts once) */
  reviews: number;
}

/** Reviews written, changed or deleted: their ids, read again (or forgotten) in the next batch. */
export const reviewsChangedSignal = defineSignal<[number[]]>('insightsReviewsChanged');
/** What waits and what was read: operations and tests. */
export const shopBatchesQuery = defineQuery<ShopBatchTotals & { waiting: number }>('insightsShopBatches');

export const shopWorkflowId = (shopDomain: string) => `insights-shop:${shopDomain}`;

export interface RebuildInput {
  shopId: number;
  shopDomain: string;
}

export interface RebuildProgress {
  /** 'counting': every review read, the products' counts are being made again */
  state: 'running' | 'counting' | 'completed';
  /** the shop's reviews in any status when the rebuild started */
  total: number | null;
  /** reviews read so far */
  read: number;
  /** the last review read: the next page starts after it */
  afterId: number;
  /** ISO 8601: started, every review read (counting began), completed */
  startedAt: string;
  readAt: string | null;
  finishedAt: string | null;
}

/** What one call of the page activity did. */
export interface RebuildStep {
  read: number;
  afterId: number;
  /** false once a page came back short: the shop has nothing after `afterId` */
  more: boolean;
}

export const rebuildProgressQuery = defineQuery<RebuildProgress>('insightsRebuildProgress');
export const rebuildWorkflowId = (shopDomain: string) => `insights-rebuild:${shopDomain}`;
