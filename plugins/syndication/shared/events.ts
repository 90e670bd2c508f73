// The plugin's own durable event: one page of a re-sync. Each page's handler syncs up to PAGE
// reviews and emits the next page, so a re-sync of any size goes through the outbox and the
// deliverEvent workflows (retried until done, resumed after a restart) a page at a time.
import { defineEvent } from '@plaudit/contracts/define';

export interface ResyncPagePayload {
  shopId: number;
  shopDomain: string;
  /** one re-sync's id (its start, ms): the pages' keys */
  run: string;
  /** the previous page's last review id (0 for the first page) */
  afterId: number;
}
export const ResyncPage = defineEvent<ResyncPagePayload>('syndication.resync-page');
export const RESYNC_PAGE = 50;
