// The Google push's re-sync as a Temporal workflow (workflows/google-backfill.ts): its input, each
// page's outcome (types the workflow imports) and the runs' ids.

export interface GoogleBackfillInput {
  shopId: number;
  shopDomain: string;
  /** the re-sync's id: a newer re-sync of the shop supersedes this one */
  run: string;
  /** the last review id done (0 at the start), carried over continue-as-new */
  afterId?: number;
  /** reviews brought in line so far */
  checked?: number;
}

export interface GoogleBackfillPage {
  /** false: the push was disconnected, or a newer re-sync took over */
  current: boolean;
  checked: number;
  /** the page's last review id; undefined when it was the last page */
  lastId?: number;
  /** how long the page's calls waited for Google's quota (429s): the next page waits as long again */
  waitedMs: number;
}

export interface GoogleBackfillResult {
  state: 'done' | 'stopped';
  checked: number;
}

export const GOOGLE_PAGE = 50;
export const googleBackfillWorkflowId = (shopDomain: string, run: string) => `syndication-google:${shopDomain}:${run}`;
