// One page of the old-orders table (spec sections 3, 7): forwards with endCursor, backwards with
// startCursor, newest first either way; only the orders that can still get a request
// (db/old-orders.ts), with the fields the details dialog shows. A cursor is an order's gid.
import type { AdminApi, PageInfo } from '@plaudit/kernel';

const FIELDS = `id name email displayFinancialStatus currentTotalPriceSet { shopMoney { amount currencyCode } }
  customer { firstName lastName } lineItems(first: 10) { nodes { title quantity image { url } } }`;

const DETAILS = `query OldOrderDetails($ids: [ID!]!) { nodes(ids: $ids) { ... on Order { ${FIELDS} } } }`;

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

/** `window`: the window's orders newest first, marked whether they can still get a request. */
export async function oldOrdersPage(api: AdminApi, window: { id: string; open: boolean }[], cursor: { endCursor?: string; startCursor?: string }) {
  const back = !!cursor.startCursor && !cursor.endCursor;
  const at = window.findIndex((o) => o.id === (back ? cursor.startCursor : cursor.endCursor));
  const open = (from: number, to: number) => window.slice(Math.max(0, from), Math.max(0, to)).filter((o) => o.open);
  // the page after the cursor's order, or the one before it; an unknown cursor starts at the top
  const page = back && at >= 0 ? open(0, at).slice(-OLD_ORDERS_PAGE) : open(at + 1, window.length).slice(0, OLD_ORDERS_PAGE);
  const first = window.indexOf(page[0]);
  const last = window.indexOf(page[page.length - 1]);
  const nodes = page.length
    ? (await api.graphql<{ nodes: (OldOrderRow | null)[] }>(DETAILS, { ids: page.map((o) => o.id) })).nodes.filter((n): n is OldOrderRow => !!n)
    : [];
  const pageInfo: PageInfo = {
    hasNextPage: page.length > 0 && open(last + 1, window.length).length > 0,
    endCursor: page.length ? page[page.length - 1].id : null,
    hasPreviousPage: page.length > 0 && open(0, first).length > 0,
    startCursor: page.length ? page[0].id : null,
  };
  return { nodes, pageInfo };
}
