// One queue row as the screen reads it (spec section 3's email queue item): the customer's block,
// the products as parallel lists and as lineItems, and the push entry of the same order.
import type { Tenant } from '@plaudit/kernel';
import { QueueEntry, type LineItem } from '../db/queue';

/** Everything the list answers with; the email's HTML comes with the detail (GET /email-queue/{id}) only. */
export const LIST_COLUMNS = [
  'id',
  'orderId',
  'name',
  'type',
  'queueType',
  'status',
  'skipReason',
  'customerEmail',
  'customerName',
  'shopifyCustomerId',
  'shippingCountry',
  'subject',
  'lineItems',
  'createdOrderAt',
  'fulfilledDate',
  'deliveredAt',
  'scheduledAt',
  'sentAt',
  'openedAt',
  'reviewedAt',
  'reminderCount',
  'errorMessage',
  'senderApp',
  // issue 32: a star clicked (the review started, with its stars), "Not arrived yet?"
  'startedAt',
  'startedRating',
  'postponedAt',
  'postponedUntil',
  'postponeSentAt',
  // issue 32: the channel that carried the request, the channels tried first, the delivery receipts' status
  'channel',
  'channelAttempts',
  'deliveryStatus',
  'deliveryUpdatedAt',
  'orderNumber',
  'createdAt',
  'updatedAt',
];

type Row = Record<string, unknown> & {
  id: number;
  status: string;
  orderId: string;
  customerEmail: string | null;
  shopifyCustomerId: string | null;
  lineItems: LineItem[] | null;
};

export interface QueueLineItem {
  productId: string | null;
  productImage: string | null;
  productLink: string | null;
  productTitle: string;
  /** the same as productTitle (the list's former field) */
  title: string;
  quantity: number;
}

/** The product page on the storefront, when the product's handle is known. */
const productLink = (storeUrl: string, li: LineItem) => (li.handle ? `${storeUrl}/products/${encodeURIComponent(li.handle)}` : null);

function lineItemsOf(row: Row, storeUrl: string): QueueLineItem[] {
  return (row.lineItems ?? []).map((li) => ({
    productId: li.productId,
    productImage: li.productImage ?? li.image ?? null,
    productLink: productLink(storeUrl, li),
    productTitle: li.title,
    title: li.title,
    quantity: li.quantity ?? 1,
  }));
}

/** Emails and customer ids of the shop's blocked customers among these rows. */
async function blockedAmong(tenant: Tenant, rows: Row[]) {
  const emails = [...new Set(rows.map((r) => r.customerEmail).filter((e): e is string => !!e))];
  const ids = [...new Set(rows.map((r) => r.shopifyCustomerId).filter((e): e is string => !!e))];
  if (!emails.length && !ids.length) return { emails: new Set<string>(), ids: new Set<string>() };
  const found: { email: string; shopifyCustomerId: string | null }[] = await tenant
    .table('blocked_customers')
    .where((w) => w.whereIn('email', emails).orWhereIn('shopifyCustomerId', ids))
    .select('email', 'shopifyCustomerId');
  return { emails: new Set(found.map((b) => b.email)), ids: new Set(found.map((b) => b.shopifyCustomerId).filter((e): e is string => !!e)) };
}

/** Each row's push entry (id, status) of the same order, when one is attached. */
async function pushEntries(tenant: Tenant, rows: Row[]) {
  if (!rows.length) return new Map<string, { id: number; status: string }>();
  // the unique (shop, order, queue type) index serves it
  const pushes = await tenant
    .query(QueueEntry)
    .where({ queueType: 'push' })
    .whereIn(
      'orderId',
      rows.map((r) => r.orderId),
    )
    .select('id', 'orderId', 'status');
  return new Map(pushes.map((p) => [p.orderId, { id: p.id, status: p.status }]));
}

export async function toQueueItems(tenant: Tenant, rows: Row[], storeUrl: string) {
  const [blocked, pushes] = await Promise.all([blockedAmong(tenant, rows), pushEntries(tenant, rows)]);
  return rows.map((row) => {
    const lineItems = lineItemsOf(row, storeUrl);
    return {
      ...row,
      isBlockCustomer: (!!row.customerEmail && blocked.emails.has(row.customerEmail)) || (!!row.shopifyCustomerId && blocked.ids.has(row.shopifyCustomerId)),
      productIds: lineItems.map((li) => li.productId),
      productImage: lineItems.map((li) => li.productImage),
      productLink: lineItems.map((li) => li.productLink),
      productTitle: lineItems.map((li) => li.productTitle),
      lineItems,
      pushQueue: pushes.get(row.orderId) ?? null,
    };
  });
}
