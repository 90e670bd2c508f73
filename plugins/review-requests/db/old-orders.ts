// Old orders that can still get a review request (issue 37): the store's orders of the window, less
// those that already have one (any status: sent, reviewed, cancelled, failed). The card counts and
// lists these only, and the bulk send starts these only, so the Free limit counts new requests.
import type { AdminApi, Tenant } from '@plaudit/kernel';

const IDS = `query OldOrderIds($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    nodes { id }
    pageInfo { hasNextPage endCursor }
  }
}`;

const ID_PAGE = 250;
const IN_CHUNK = 5000;
export const orderNumber = (gid: string) => gid.split('/').pop()!;

/** The orders of these (numbers, as the queue keeps them) that have a request entry already. */
export async function requestedOrders(tenant: Tenant, orderIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < orderIds.length; i += IN_CHUNK) {
    const rows = await tenant
      .table('email_queue')
      .where({ queueType: 'email' })
      .whereIn('orderId', orderIds.slice(i, i + IN_CHUNK))
      .select('orderId');
    for (const r of rows) found.add(String(r.orderId));
  }
  return found;
}

/** Every order gid of the window, newest first, each marked whether it can still get a request (ids only: cheap pages). */
export async function windowOrders(api: AdminApi, tenant: Tenant, since: Date): Promise<{ id: string; open: boolean }[]> {
  const query = `created_at:>=${since.toISOString().slice(0, 10)}`;
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const { orders } = await api.graphql<{ orders: { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(IDS, {
      first: ID_PAGE,
      after,
      query,
    });
    ids.push(...orders.nodes.map((o) => o.id));
    if (!orders.pageInfo.hasNextPage || !orders.pageInfo.endCursor) break;
    after = orders.pageInfo.endCursor;
  }
  const taken = await requestedOrders(tenant, ids.map(orderNumber));
  return ids.map((id) => ({ id, open: !taken.has(orderNumber(id)) }));
}
