// After cancel, resend or send anyway the screen reloads its list (spec section 4). The workflow
// accepts the action at once and records the new state a moment later (the queue's only writer),
// so the answer waits, briefly, until the rows have moved on, then carries them as the list would.
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { entriesById } from '../db/queue';
import { LIST_COLUMNS, toQueueItems } from './queue-items';
import type { ListContext } from './queue-list';

type Seen = { id: number; status: string; updatedAt: Date | string };

/** How long an answer waits for the workflow to record the change (a send includes the SMTP hand-over). */
export const RECORD_WAIT_MS = 8_000;
const POLL_MS = 100;

const moved = (before: Seen, now: Seen) => now.status !== before.status || new Date(now.updatedAt).getTime() !== new Date(before.updatedAt).getTime();

/** The rows once each has a new status or a new write; as they are when the wait runs out. */
export async function rowsAfterChange(
  tenant: Tenant,
  before: Seen[],
  context: ListContext,
  options: { waitMs?: number; recorded?: (now: Seen) => boolean } = {},
) {
  const ids = before.map((r) => r.id);
  const byId = new Map(before.map((r) => [Number(r.id), r]));
  // by default any new write counts; a caller that knows the state to expect names it (another write,
  // such as the workflow recording the order's details, may land first)
  const recorded = options.recorded ?? ((now: Seen) => moved(byId.get(Number(now.id))!, now));
  const deadline = Date.now() + (options.waitMs ?? RECORD_WAIT_MS);
  let rows: (Seen & Record<string, unknown>)[];
  for (;;) {
    rows = await entriesById(tenant, ids).select(LIST_COLUMNS);
    if (rows.every(recorded) || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const items = await toQueueItems(tenant, rows as never, context.storeUrl);
  const order = new Map(ids.map((id, i) => [Number(id), i]));
  return items.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
}

/** The shop's timezone and storefront origin, for the list's filters and product links. */
export async function listContext(shops: ApiServices['shops'], tenant: Tenant): Promise<ListContext> {
  const shop = await shops.get(tenant.shopId);
  return { timeZone: shop?.timezone ?? 'UTC', storeUrl: `https://${shop?.publicDomain ?? tenant.shopDomain}` };
}
