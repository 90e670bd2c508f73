import { apiJson } from '@plaudit/kernel/admin';
import type { PushQueueEntry } from '../../shared/push';

export interface LineItem {
  productId: string | null;
  productTitle?: string | null;
  title?: string;
  productImage?: string | null;
  image?: string | null;
  productLink?: string | null;
}

export const itemTitle = (li: LineItem) => li.productTitle ?? li.title ?? '';
export const itemImage = (li: LineItem) => li.productImage ?? li.image ?? null;

/** The store admin's page of a platform record (order, customer, product), from a numeric id or a gid. */
export const adminUrl = (shop: string, kind: 'orders' | 'customers' | 'products', id: string) => `https://${shop}/admin/${kind}/${id.split('/').pop()}`;

export interface QueueRow {
  id: number;
  orderId: string;
  name: string;
  status: string;
  skipReason: string | null;
  customerEmail: string | null;
  customerName: string | null;
  shopifyCustomerId: string | null;
  /** spec section 3: productId, productImage, productLink, productTitle (older rows carry `title`) */
  lineItems: LineItem[];
  /** whether the customer is blocked from review requests (spec section 3) */
  isBlockCustomer?: boolean;
  fulfilledDate: string | null;
  scheduledAt: string | null;
  errorMessage: string | null;
  /** the email-marketing app that sent the request instead of Plaudit's email ('klaviyo'), else null */
  senderApp?: string | null;
  /** issue 32: the customer clicked a star in the email (the review started) and how many */
  startedAt?: string | null;
  startedRating?: number | null;
  /** issue 32: "Not arrived yet?": until when it waits at most for the delivery, and its second send */
  postponedUntil?: string | null;
  postponeSentAt?: string | null;
  /** issue 32: the channel that carried the request (email, sms, whatsapp) and its receipts' latest status */
  channel?: string | null;
  deliveryStatus?: string | null;
  /** issue 32: the text channels tried before the one that carried it, and why each could not */
  channelAttempts?: { channel: string; refusal: string }[] | null;
  /** the push entry attached to this email entry, when the push integration is on */
  pushQueue?: PushQueueEntry | null;
}

export interface QueuePage {
  data: QueueRow[];
  pagination: { total?: number; nextCursor: string | null };
  pageInfo: { hasPre: boolean; hasNext: boolean; previousCursor: string | null; nextCursor: string | null };
}

const post = (path: string, body?: unknown) =>
  apiJson<{ success: boolean; message: string }>(path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });

export const queueApi = {
  list: (query: string) => apiJson<QueuePage>(`/email-queue?${query}`),
  detail: (id: number) => apiJson<{ subject: string | null; htmlContent: string | null; status: string }>(`/email-queue/${id}`),
  cancel: (id: number) => apiJson<{ message: string }>(`/email-queue/${id}/cancel`, { method: 'PUT' }),
  resend: (id: number) => post(`/email-queue/${id}/resend`),
  sendAnyway: (ids: number[]) => post('/email-queue/bulk-send-anyway', { ids }),
  skip: (ids: number[]) => post('/email-update-status', { ids, status: 'cancel' }),
  block: (ids: number[]) => post('/unsub-email-queue', { ids, status: true }),
  unblock: (customerIds: string[]) => post('/unsub-email-queue', { ids: customerIds, status: false }),
  bulkResend: (ids: number[]) => post('/email-queue/emails-bulk-action', { ids, action: 'resend' }),
  push: (queueId: number) => post('/email-queue/push-notification', { queueId }),
};

/** Row actions by status (spec section 4); block or unblock as the customer is blocked or not. */
export function rowActions({ status, isBlockCustomer, senderApp }: Pick<QueueRow, 'status' | 'isBlockCustomer' | 'senderApp'>): string[] {
  const actions: string[] = [];
  if (status === 'waiting' || status === 'waitingCondition') actions.push('cancel', 'sendAnyway');
  // A request held over the monthly quota (pause) may be sent anyway.
  if (status === 'cancel' || status === 'pause') actions.push('sendAnyway');
  if (status === 'failed') actions.push('resend');
  // an app's send has no email of ours to view
  if (['success', 'opened', 'failed'].includes(status) && !senderApp) actions.push('view');
  actions.push(isBlockCustomer ? 'unblock' : 'block');
  return actions;
}

export const BULK_ACTIONS = ['sendAnyway', 'skip', 'resend', 'block', 'unblock'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Bulk preconditions (spec section 4): send anyway and skip need all waiting; resend all cancel or failed. */
export function bulkAllowed(action: BulkAction, statuses: string[]): boolean {
  if (!statuses.length) return false;
  if (action === 'sendAnyway' || action === 'skip') return statuses.every((s) => s === 'waiting' || s === 'waitingCondition');
  if (action === 'resend') return statuses.every((s) => s === 'cancel' || s === 'failed');
  return true;
}
