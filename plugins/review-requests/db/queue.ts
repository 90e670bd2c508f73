// The email queue (`email_queue`): the projection of the review-request workflows that the queue
// screen lists. Written only by the plugin's activities; read by its API. Every query here is the
// tenant's: a shop sees and changes its own entries only.
import type { Knex } from 'knex';
import { ShopScopedModel, type Tenant } from '@plaudit/kernel';

export type QueueType = 'email' | 'push';

export interface LineItem {
  productId: string | null;
  title: string;
  quantity?: number;
  productImage?: string | null;
  image?: string | null;
  /** the product's handle in the store (its storefront page), when the catalogue gave it */
  handle?: string | null;
}

/** One queue entry: an order's request email (queueType 'email') or its push reminder ('push'). */
export class QueueEntry extends ShopScopedModel {
  static tableName = 'email_queue';

  orderId!: string;
  queueType!: QueueType;
  parentId!: number | null;
  status!: string;
  skipReason!: string | null;
  name!: string | null;
  customerEmail!: string | null;
  customerName!: string | null;
  shopifyCustomerId!: string | null;
  shippingCountry!: string | null;
  customerLocale!: string | null;
  lineItems!: LineItem[];
  subject!: string | null;
  htmlContent!: string | null;
  createdOrderAt!: Date | null;
  fulfilledDate!: Date | null;
  deliveredAt!: Date | null;
  scheduledAt!: Date | null;
  sentAt!: Date | null;
  openedAt!: Date | null;
  /** the first click on one of its links (the click redirect, api/click-route.ts) */
  clickedAt!: Date | null;
  /** the first star click in a request or reminder (issue 32: the funnel's "started"), and its stars */
  startedAt!: Date | null;
  startedRating!: number | null;
  /** the customer's "Not arrived yet?" (issue 32): when, until when the request waits at most, its new send */
  postponedAt!: Date | null;
  postponedUntil!: Date | null;
  postponeSentAt!: Date | null;
  /** the reminders sent before the postponed send (the remaining ones count from it) */
  postponeReminderBase!: number | null;
  reviewedAt!: Date | null;
  /** the review that answered it (ReviewCreated), and when the answer had a photo */
  reviewId!: number | null;
  photoAddedAt!: Date | null;
  /** the first reminder's send */
  remindedAt!: Date | null;
  /** the customer unsubscribed through this request's link */
  unsubscribedAt!: Date | null;
  /** the demo shop's sample history (api/demo-requests.ts) */
  demo!: boolean;
  messageId!: string | null;
  /** issue 32: the order's phone and its SMS marketing consent; the channel that carried the request, the receipts' status */
  customerPhone!: string | null;
  smsConsent!: string | null;
  channel!: string;
  channelProvider!: string | null;
  channelMessageId!: string | null;
  channelText!: string | null;
  channelAttempts!: { channel: string; refusal: string; detail: string }[] | null;
  deliveryStatus!: string | null;
  deliveryUpdatedAt!: Date | null;
  reminderCount!: number;
  errorMessage!: string | null;
  workflowId!: string;
  photoReviewId!: number | null;
  photoReminderStatus!: string | null;
  photoReminderAt!: Date | null;
  photoReminderSentAt!: Date | null;

  static jsonSchema = {
    type: 'object',
    required: ['orderId', 'status', 'workflowId'],
    properties: {
      orderId: { type: 'string', maxLength: 32 },
      queueType: { type: 'string', enum: ['email', 'push'] },
      status: { type: 'string', enum: ['waitingCondition', 'waiting', 'success', 'opened', 'reviewed', 'failed', 'cancel', 'pause'] },
      skipReason: { type: ['string', 'null'], maxLength: 32 },
      name: { type: ['string', 'null'], maxLength: 64 },
      customerEmail: { type: ['string', 'null'], maxLength: 320 },
      customerName: { type: ['string', 'null'], maxLength: 255 },
      shopifyCustomerId: { type: ['string', 'null'], maxLength: 32 },
      shippingCountry: { type: ['string', 'null'], maxLength: 2 },
      lineItems: { type: 'array' },
      reminderCount: { type: 'integer', minimum: 0 },
      workflowId: { type: 'string', maxLength: 255 },
    },
  };

  static get jsonAttributes() {
    return ['lineItems'];
  }
}

const TABLE = QueueEntry.tableName;

/** The order's entry of a type, as a query to read or change. */
export const entryOf = (tenant: Tenant, orderId: string, queueType: QueueType = 'email', trx?: Knex.Transaction) =>
  tenant.table(TABLE, trx).where({ orderId, queueType });

/** Entries by id (the queue's row and bulk actions). */
export const entriesById = (tenant: Tenant, ids: number[]) => tenant.table(TABLE).where({ queueType: 'email' }).whereIn('id', ids);

/** An entry by id, email or push. */
export const entryById = (tenant: Tenant, id: number) => tenant.table(TABLE).where({ id });

/** Every email entry of the shop (lists, search). */
export const emailEntries = (tenant: Tenant) => tenant.table(TABLE).where({ queueType: 'email' });

/** Requests sent so far; since an instant when given (the monthly quota). */
export async function sentCount(tenant: Tenant, since?: Date): Promise<number> {
  const q = emailEntries(tenant).whereNotNull('sentAt');
  if (since) q.where('sentAt', '>=', since);
  const [{ n }] = await q.count({ n: '*' });
  return Number(n);
}

/** Creates the order's entry, or refreshes its order facts. */
export async function upsertEntry(tenant: Tenant, row: Record<string, unknown>, refresh: string[]) {
  await tenant.insertInto(TABLE, row).onConflict(['shop_id', 'order_id', 'queue_type']).merge(refresh);
}

/** Creates the entry unless the order has one of that type. */
export async function insertEntryOnce(tenant: Tenant, row: Record<string, unknown>) {
  await tenant.insertInto(TABLE, row).onConflict(['shop_id', 'order_id', 'queue_type']).ignore();
}

/** A customer's entries (privacy requests). */
export const customerEntries = (tenant: Tenant, email: string) => tenant.table(TABLE).where({ customerEmail: email.toLowerCase() });

/** Whether the customer asked (or the merchant chose) to get no review requests. */
export async function isBlocked(tenant: Tenant, email: string): Promise<boolean> {
  return !!(await tenant.table('blocked_customers').where({ email: email.toLowerCase() }).first('reason'));
}

export async function blockCustomers(tenant: Tenant, rows: { email: string; shopifyCustomerId?: string | null; reason: string }[]) {
  if (rows.length) await tenant.insertInto('blocked_customers', rows).onConflict(['shop_id', 'email']).ignore();
}

/**
 * Unblocks customers named by their Shopify customer id or their email. A customer who unsubscribed
 * through the email's link is blocked by email alone: the customer's queue entries give that email.
 */
export async function unblockCustomers(tenant: Tenant, emailsOrIds: string[]): Promise<number> {
  const known: { customerEmail: string }[] = await tenant
    .table(TABLE)
    .whereIn('shopifyCustomerId', emailsOrIds)
    .whereNotNull('customerEmail')
    .distinct('customerEmail');
  const emails = [...emailsOrIds, ...known.map((r) => r.customerEmail)];
  return tenant
    .table('blocked_customers')
    .where((w) => w.whereIn('email', emails).orWhereIn('shopifyCustomerId', emailsOrIds))
    .del();
}
