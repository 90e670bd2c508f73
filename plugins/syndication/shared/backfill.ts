// The re-sync as a Temporal workflow (workflows/backfill.ts): its input and each page's outcome
// (types the workflow imports), the page size and the runs' ids.
import type { ThrottleStatus } from '@plaudit/kernel';

/** One re-sync of one shop; `afterId` and `checked` carry a run over continue-as-new. */
export interface BackfillInput {
  shopId: number;
  shopDomain: string;
  /** the re-sync's id (its start, ms): a newer re-sync of the shop supersedes this one */
  run: string;
  /** the last review id done (0 at the start) */
  afterId?: number;
  /** reviews brought in line so far */
  checked?: number;
}

export interface BackfillPage {
  /** false: the shop turned Shopify syndication off, or a newer re-sync took over */
  current: boolean;
  /** reviews of this page brought in line */
  checked: number;
  /** the page's last review id; undefined when it was the last page */
  lastId?: number;
  /** the points this page's calls cost (Shopify's actualQueryCost) */
  spent: number;
  /** the bucket after the page's last call, as Shopify reported it */
  throttle?: ThrottleStatus;
}

export interface BackfillResult {
  state: 'done' | 'stopped';
  checked: number;
}

export const BACKFILL_PAGE = 50;
export const backfillWorkflowId = (shopDomain: string, run: string) => `syndication-backfill:${shopDomain}:${run}`;
