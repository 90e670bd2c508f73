// One page of the old-orders table (spec sections 3, 7): forwards with endCursor, backwards with
// startCursor, newest first either way; only the fields the details dialog shows.
import type { AdminApi, PageInfo } from '@plaudit/kernel';

const FIELDS = `id name email displayFinancialStatus currentTotalPriceSet { shopMoney { amount currencyCode } }
  customer { firstName lastName } lineItems(first: 10) { nodes { title quantity image { url } } }`;

const QUERY = `query OldOrders($first: Int, $after: String, $last: Int, $before: String, $query: String) {
  orders(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: CREATED_AT, reverse: true) {
    nodes { ${FIELDS} }
    pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
  }
}`;

export const OLD_ORDERS_PAGE = 10;

export interface OldOrderRow {
  id: string;
  name: string;
  email: string | null;
  displayFinancialStatus: string;
  currentTotalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  customer: { firstName: string | null; lastName: string | null } | null;
  lineItems: { nodes: { title: string; quantity: number; image: { url: string } | null }[] };
}

export async function oldOrdersPage(api: AdminApi, since: Date, cursor: { endCursor?: string; startCursor?: string }) {
  const query = `created_at:>=${since.toISOString().slice(0, 10)}`;
  const page =
    cursor.startCursor && !cursor.endCursor ? { last: OLD_ORDERS_PAGE, before: cursor.startCursor } : { first: OLD_ORDERS_PAGE, after: cursor.endCursor };
  const { orders } = await api.graphql<{ orders: { nodes: OldOrderRow[]; pageInfo: PageInfo } }>(QUERY, { ...page, query });
  return orders;
}
