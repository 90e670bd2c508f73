// The moderation list: tabs, search, filters, sort and keyset (cursor) paging whose cost does not
// grow with depth. A cursor is the sort key of the row it points at (the kernel's cursor codec).
import type { QueryBuilder } from 'objection';
import { cursorKey, keysetCursor, type Tenant } from '@plaudit/kernel';
import type { ListQuery, PageInfo } from '../shared/review';
import { Review } from '../db/review.model';
import { whereLabels } from '../db/labels';

type Dir = 'asc' | 'desc';
interface SortKey {
  column: 'rating' | 'created_at' | 'id';
  prop: 'rating' | 'createdAt' | 'id';
  dir: Dir;
}

const K = (column: SortKey['column'], prop: SortKey['prop'], dir: Dir): SortKey => ({ column, prop, dir });
const SORT_KEYS: Record<ListQuery['sort'], SortKey[]> = {
  newest: [K('created_at', 'createdAt', 'desc'), K('id', 'id', 'desc')],
  oldest: [K('created_at', 'createdAt', 'asc'), K('id', 'id', 'asc')],
  highest: [K('rating', 'rating', 'desc'), K('created_at', 'createdAt', 'desc'), K('id', 'id', 'desc')],
  lowest: [K('rating', 'rating', 'asc'), K('created_at', 'createdAt', 'desc'), K('id', 'id', 'desc')],
};

type CursorValues = (string | number)[];

/** Per sort, the cursor of its keys' values: an instant for created_at, an integer otherwise. */
const cursorOf = (keys: SortKey[]) => keysetCursor(keys.map((k) => (k.prop === 'createdAt' ? cursorKey.instant : cursorKey.int)));
export const LIST_CURSORS = {
  newest: cursorOf(SORT_KEYS.newest),
  oldest: cursorOf(SORT_KEYS.oldest),
  highest: cursorOf(SORT_KEYS.highest),
  lowest: cursorOf(SORT_KEYS.lowest),
};

function encodeCursor(r: Review, sort: ListQuery['sort']): string {
  return LIST_CURSORS[sort].encode(SORT_KEYS[sort].map((k) => (k.prop === 'createdAt' ? new Date(r.createdAt!).toISOString() : r[k.prop])));
}

/**
 * Rows strictly after `values` in the order of `keys`. One direction: a row comparison, which
 * PostgreSQL turns into an index range start, so a deep page costs what the first one does. Mixed
 * directions: the expanded form, behind a bound on the first key so the index still starts near.
 */
function seek(qb: QueryBuilder<Review>, keys: SortKey[], values: CursorValues) {
  const dir = keys[0].dir;
  if (keys.every((k) => k.dir === dir)) {
    const columns = keys.map((k) => `reviews.${k.column}`).join(', ');
    qb.whereRaw(`(${columns}) ${dir === 'asc' ? '>' : '<'} (${keys.map(() => '?').join(', ')})`, values);
    return;
  }
  qb.where(`reviews.${keys[0].column}`, dir === 'asc' ? '>=' : '<=', values[0]);
  qb.where((outer) => {
    keys.forEach((key, i) => {
      outer.orWhere((inner) => {
        for (let j = 0; j < i; j++) inner.where(`reviews.${keys[j].column}`, values[j]);
        inner.where(`reviews.${key.column}`, key.dir === 'asc' ? '>' : '<', values[i]);
      });
    });
  });
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Tabs, search and filters, without paging: shared by the list, its count and the export. */
export function filtered(tenant: Tenant, q: Partial<ListQuery>): QueryBuilder<Review> {
  const qb = tenant.query(Review);
  if (q.tab === 'published') qb.where('status', 'published');
  else if (q.tab === 'unpublished') qb.whereIn('status', ['unpublished', 'pending']);
  else if (q.tab === 'trash') qb.where('status', 'trash');
  else qb.whereNot('status', 'trash');
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    qb.where((w) => {
      for (const col of ['content', 'title', 'first_name', 'last_name', 'email']) w.orWhere(`reviews.${col}`, 'ilike', like);
      w.orWhereRaw("concat_ws(' ', reviews.first_name, reviews.last_name) ilike ?", [like]);
    });
  }
  if (q.rating?.length) qb.whereIn('rating', q.rating);
  if (q.productId?.length) qb.whereIn('productKey', q.productId);
  if (q.source?.length) qb.whereIn('source', q.source);
  if (q.kind) qb.where('kind', q.kind);
  if (q.from) qb.where('reviews.createdAt', '>=', q.from);
  if (q.to) qb.where('reviews.createdAt', '<=', q.to);
  if (q.hasMedia !== undefined) qb.where('mediaCount', q.hasMedia ? '>' : '=', 0);
  if (q.verified !== undefined) qb.where('verified', q.verified);
  if (q.replied !== undefined) q.replied ? qb.whereNotNull('replyContent') : qb.whereNull('replyContent');
  whereLabels(qb, tenant, q);
  return qb;
}

/** `narrow`: conditions beyond the list's own filters (the public API's status and updated-since). */
export async function listReviews(tenant: Tenant, q: ListQuery, narrow?: (qb: QueryBuilder<Review>) => void) {
  const keys = SORT_KEYS[q.sort];
  const backwards = !!q.before && !q.after;
  const qb = filtered(tenant, q);
  narrow?.(qb);
  const cursor = q.after ?? q.before;
  if (cursor) {
    const values = LIST_CURSORS[q.sort].decode(cursor);
    seek(qb, backwards ? keys.map((k) => ({ ...k, dir: k.dir === 'asc' ? 'desc' : 'asc' })) : keys, values);
  }
  for (const k of keys) qb.orderBy(`reviews.${k.column}`, backwards ? (k.dir === 'asc' ? 'desc' : 'asc') : k.dir);
  const rows = await qb.limit(q.limit + 1);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (backwards) page.reverse();
  const pageInfo: PageInfo = {
    hasNext: backwards ? true : more,
    hasPre: backwards ? more : !!q.after,
    nextCursor: page.length ? encodeCursor(page[page.length - 1], q.sort) : null,
    previousCursor: page.length ? encodeCursor(page[0], q.sort) : null,
  };
  if (!pageInfo.hasNext) pageInfo.nextCursor = null;
  if (!pageInfo.hasPre) pageInfo.previousCursor = null;
  return { rows: page, pageInfo };
}

export async function countReviews(tenant: Tenant, q: Partial<ListQuery>): Promise<number> {
  const [{ count }] = (await filtered(tenant, q).clearSelect().count('* as count')) as unknown as { count: string | number }[];
  return Number(count);
}
