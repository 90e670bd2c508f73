// Relay connections the way Shopify pages them: opaque cursors, first/after or last/before, at most
// 250 per page, and both hasNextPage and hasPreviousPage computed honestly.
import { GraphQLError } from 'graphql';

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const MAX_PAGE = 250;

export function encodeCursor(id: string, sortValue: unknown): string {
  const value = typeof sortValue === 'bigint' ? sortValue.toString() : (sortValue ?? null);
  return Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString('base64url');
}

function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { last_id?: unknown };
    if (typeof parsed.last_id === 'string') return parsed.last_id;
  } catch {
    // fall through: an invalid cursor is an argument error, as on Shopify
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
}

/**
 * One page of `items` (already filtered and sorted). `idOf` identifies an item in cursors and
 * `toNode` turns it into the GraphQL view only for the page being returned.
 */
export function paginate<T, N>(items: T[], args: PageArgs, idOf: (t: T) => string, toNode: (t: T) => N, sortValue?: (t: T) => unknown): Connection<N> {
  const { first, last, after, before } = args;
  if (first == null && last == null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  for (const [name, n] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (n != null && (n < 0 || n > MAX_PAGE))
      throw new GraphQLError(`The value of the argument \`${name}\` must be between 0 and ${MAX_PAGE}.`, { extensions: { code: 'BAD_REQUEST' } });
  }
  const indexOf = (cursor: string) => {
    const id = decodeCursor(cursor);
    const i = items.findIndex((t) => idOf(t) === id);
    if (i < 0) throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
    return i;
  };
  let start = after ? indexOf(after) + 1 : 0;
  let end = before ? indexOf(before) : items.length;
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);
  const page = items.slice(start, end);
  const edges = page.map((t) => ({ cursor: encodeCursor(idOf(t), sortValue?.(t)), node: toNode(t) }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Sorts a copy by a key (numeric ids compared as BigInt) then by id, reversed on request. */
export function sortBy<T>(items: T[], key: (t: T) => string | number | bigint | null, idOf: (t: T) => string, reverse = false): T[] {
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : a == null ? -1 : b == null ? 1 : (a as never) < (b as never) ? -1 : 1);
  const sorted = [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const byKey = typeof ka === 'string' && typeof kb === 'string' ? ka.localeCompare(kb, 'en', { sensitivity: 'base' }) : cmp(ka, kb);
    return byKey || cmp(BigInt(idOf(a)), BigInt(idOf(b)));
  });
  return reverse ? sorted.reverse() : sorted;
}
