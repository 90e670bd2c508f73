// The bulk translation workflow's input, progress and query (shared by the workflow, its activity
// and the API that starts it and reads its progress).
import { defineQuery } from '@temporalio/workflow';

export interface BulkInput {
  shopId: number;
  shopDomain: string;
  /** the language every published review is translated into */
  target: string;
}

export interface BulkProgress {
  target: string;
  /** published reviews when the last page was read */
  total: number | null;
  /** reviews gone through (translated, already in the language, unavailable pair, no language) */
  done: number;
  translated: number;
  unavailable: number;
  /** 'waiting': the provider asked us to slow down (429) or is down: the run resumes by itself */
  state: 'running' | 'waiting' | 'completed' | 'stopped';
  /** why it stopped: 'quota-exceeded', 'credentials', 'no-provider' */
  reason: string | null;
}

/** One page's outcome, from the activity. */
export interface BulkPage {
  total: number;
  seen: number;
  translated: number;
  unavailable: number;
  /** the last review gone through: the next page starts after it */
  lastId: number;
  more: boolean;
  /** provider calls made: the workflow pauses so they stay under the provider's rate */
  pauseMs: number;
  /** the provider said "later" (429, outage): wait this long, then the same position again */
  waitMs?: number;
  stop?: 'quota-exceeded' | 'credentials' | 'no-provider';
}

export const bulkProgressQuery = defineQuery<BulkProgress>('bulkTranslationProgress');
export const bulkWorkflowId = (shopDomain: string, target: string) => `translations-bulk:${shopDomain}:${target}`;

/** The batch detection of imported reviews' languages: which shops one activity call goes through. */
export interface DetectionInput {
  /** the next shops after this id (0: from the first) */
  afterShopId: number;
  /** one shop only (tests, ops) */
  shopId?: number;
  /** reviews looked at per shop in this run, at most the activity's own bound */
  perShop?: number;
}

export interface DetectionTotals {
  shops: number;
  /** reviews without a language looked at */
  examined: number;
  /** of them, given a language (the rest are too short to tell) */
  detected: number;
}

export interface DetectionPage extends DetectionTotals {
  lastShopId: number;
  more: boolean;
}

export const DETECTION_SCHEDULE_ID = 'translations-detect-languages';
