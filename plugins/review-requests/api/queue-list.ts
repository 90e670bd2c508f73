// GET /api/email-queue: the filters of spec section 3's queue state (queue-filters.ts), keyset
// (cursor) paging on (sort key, id) so the cost does not grow with depth, and the filtered total.
import type { Knex } from 'knex';
import { cursorKey, keysetCursor, type Tenant } from '@plaudit/kernel';
import { emailEntries } from '../db/queue';
import { applyFilters } from './queue-filters';
import { LIST_COLUMNS, toQueueItems } from './queue-items';
import type { QueueQuery, SortKey } from './queue-query';

export { queueQuery, STATUSES } from './queue-query';

/**
 * The sort keys, as indexed (migration 20261220090000_queue_filters): a missing date sorts as
 * "later than any" (not yet scheduled, fulfilled or sent). `cast` reads a cursor's key back.
 */
const SORT_SQL: Record<SortKey, { key: string; cast: string }> = {
  createdAt: { key: 'created_at', cast: 'timestamptz' },
  scheduledAt: { key: "coalesce(scheduled_at, 'infinity'::timestamptz)", cast: 'timestamptz' },
  createdOrderAt: { key: "coalesce(created_order_at, 'infinity'::timestamptz)", cast: 'timestamptz' },
  fulfilledDate: { key: "coalesce(fulfilled_date, 'infinity'::timestamptz)", cast: 'timestamptz' },
  executedAt: { key: "coalesce(sent_at, 'infinity'::timestamptz)", cast: 'timestamptz' },
  orderNumber: { key: 'coalesce(order_number, 0)', cast: 'bigint' },
};

/** A cursor names a row by its sort key (as PostgreSQL prints it, so nothing is rounded) and id. */
export const queueCursor = keysetCursor([cursorKey.text, cursorKey.int]);
type Cursor = [key: string, id: number];
const encode = (row: { sortKey: string; id: number }) => queueCursor.encode([row.sortKey, Number(row.id)]);

export interface ListContext {
  /** the shop's IANA timezone: a filter's day is the shop's day */
  timeZone: string;
  /** the storefront's origin, for the product links */
  storeUrl: string;
}

function pageQuery(base: Knex.QueryBuilder, q: QueueQuery, cursor: Cursor | undefined, backward: boolean) {
  const [field, order] = q.sort.split('_') as [SortKey, 'asc' | 'desc'];
  const { key, cast } = SORT_SQL[field];
  const desc = order === 'desc';
  // Rows "after" the cursor in display order; "before" walks the other way and is reversed.
  const dir = desc !== backward ? 'desc' : 'asc';
  const page = base
    .clone()
    .select(LIST_COLUMNS)
    .select(base.client.raw(`(${key})::text as sort_key`));
  if (cursor) page.whereRaw(`(${key}, id) ${dir === 'desc' ? '<' : '>'} (?::${cast}, ?)`, cursor);
  // Without a cursor, a page number past 1 (a reloaded address) is reached by offset.
  else if (q.page > 1 && !backward) page.offset((q.page - 1) * q.limitPerPage);
  return page.orderByRaw(`${key} ${dir}, id ${dir}`).limit(q.limitPerPage + 1);
}

/** `narrow`: conditions beyond the queue state's filters (the public API's order filter). */
export async function listQueue(
  tenant: Tenant,
  q: QueueQuery,
  context: ListContext = { timeZone: 'UTC', storeUrl: `https://${tenant.shopDomain}` },
  narrow?: (qb: Knex.QueryBuilder) => void,
) {
  const base = applyFilters(emailEntries(tenant), q, context.timeZone);
  narrow?.(base);
  const backward = !!q.before && !q.after;
  const cursor = q.after ? queueCursor.decode(q.after) : q.before ? queueCursor.decode(q.before) : undefined;
  const [rows, [{ n }]] = await Promise.all([pageQuery(base, q, cursor, backward), base.clone().count({ n: '*' })]);
  const more = rows.length > q.limitPerPage;
  const found = rows.slice(0, q.limitPerPage);
  if (backward) found.reverse();
  const first = found[0];
  const last = found.at(-1);
  const hasNext = backward ? true : more;
  const hasPre = backward ? more : !!cursor || q.page > 1;
  const nextCursor = hasNext && last ? encode(last) : null;
  const previousCursor = hasPre && first ? encode(first) : null;
  const data = await toQueueItems(tenant, found.map(({ sortKey: _key, ...row }: Record<string, unknown>) => row) as never, context.storeUrl);
  return {
    data,
    pagination: { total: Number(n), page: q.page, limitPerPage: q.limitPerPage, nextCursor, previousCursor },
    pageInfo: { hasPre, hasNext: hasNext && !!last, previousCursor, nextCursor },
  };
}
