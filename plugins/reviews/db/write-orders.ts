// review_write_orders: the order behind a request email's write link, recorded from review-requests'
// RequestEligible (activities/index.ts), so the write page does not ask the store for it again.
// Reviews owns the write link; review-requests owns the order: the event carries it across without
// either plugin calling the other (docs/plugins.md, "Contracts").
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { RequestEligiblePayload } from '@plaudit/contracts/review-requests';

const TABLE = 'review_write_orders';
/** Longer than any write link lives (review-requests signs them for 60 days). */
export const WRITE_ORDER_DAYS = 120;

export interface WriteOrderFacts {
  orderId: string;
  customer: { email: string | null; firstName: string | null; lastName: string | null; locale: string | null };
  lineItems: { productId: string; title: string; imageUrl: string | null }[];
}

/** Records (or, on a redelivery, keeps) the order of one eligible request. */
export async function recordWriteOrder(tenant: Tenant, e: RequestEligiblePayload): Promise<void> {
  const lineItems = e.products.map(({ productId, title, imageUrl }) => ({ productId, title, imageUrl }));
  await tenant
    .insertInto(TABLE, { queueEntryId: e.requestId, orderId: e.orderId, customer: JSON.stringify(e.customer), lineItems: JSON.stringify(lineItems) })
    .onConflict(['shop_id', 'queue_entry_id'])
    .ignore();
}

/** The order recorded for this queue entry, undefined when none was (or it is another order's). */
export async function writeOrderOf(tenant: Tenant, queueEntryId: number, orderId: string): Promise<WriteOrderFacts | undefined> {
  const row = await tenant.table(TABLE).where({ queueEntryId, orderId }).first('orderId', 'customer', 'lineItems');
  return row ?? undefined;
}

/** Forgets the rows older than any link (the hourly maintenance; `shopIds`: only theirs); returns how many. */
export function forgetOldWriteOrders(knex: Knex, { now = new Date(), shopIds }: { now?: Date; shopIds?: number[] } = {}): Promise<number> {
  // tenancy: the retention runs across shops by design (or across the shops named)
  return knex(TABLE)
    .where('createdAt', '<', new Date(now.getTime() - WRITE_ORDER_DAYS * 86_400_000))
    .modify((q) => {
      if (shopIds) q.whereIn('shopId', shopIds);
    })
    .del();
}

/** The customer's rows, by email or by the orders named (customers/redact, customers/data_request). */
function customerRows(tenant: Tenant, email: string | undefined, orderIds: string[]) {
  return tenant.table(TABLE).where((w) => {
    if (email) w.orWhereRaw(`lower(customer->>'email') = lower(?)`, [email]);
    if (orderIds.length) w.orWhereIn('orderId', orderIds);
    if (!email && !orderIds.length) w.whereRaw('false');
  });
}

export async function forgetCustomerWriteOrders(tenant: Tenant, email: string | undefined, orderIds: string[]): Promise<void> {
  await customerRows(tenant, email, orderIds).del();
}

export function customerWriteOrders(tenant: Tenant, email: string | undefined, orderIds: string[]): Promise<(WriteOrderFacts & { createdAt: Date })[]> {
  return customerRows(tenant, email, orderIds).orderBy('createdAt').select('orderId', 'customer', 'lineItems', 'createdAt');
}
