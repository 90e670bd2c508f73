import { apiJson } from '../../../../admin/src/api-client';
import type { PushQueueEntry } from '../../shared/push';

export interface QueueRow {
  id: number;
  orderId: string;
  name: string;
  status: string;
  skipReason: string | null;
  customerEmail: string | null;
  customerName: string | null;
  shopifyCustomerId: string | null;
  lineItems: { productId: string | null; title: string; quantity: number }[];
  fulfilledDate: string | null;
  scheduledAt: string | null;
  errorMessage: string | null;
  /** the push entry attached to this email entry, when the push integration is on */
  pushQueue?: PushQueueEntry | null;
}

export interface QueuePage {
  data: QueueRow[];
  pagination: { total?: number; nextCursor: string | null };
  pageInfo: { hasPre: boolean; hasNext: boolean; previousCursor: string | null; nextCursor: string | null };
}

const post = (path: string, body?: unknown) => apiJson<{ success: boolean; message: string }>(path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });

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

/** Row actions by status (spec section 4). */
export function rowActions(status: string): string[] {
  const actions: string[] = [];
  if (status === 'waiting' || status === 'waitingCondition') actions.push('cancel', 'sendAnyway');
  if (status === 'cancel') actions.push('sendAnyway');
  if (status === 'failed') actions.push('resend');
  if (['success', 'opened', 'failed'].includes(status)) actions.push('view');
  actions.push('block', 'unblock');
  return actions;
}

/** Bulk preconditions (spec section 4): send anyway and skip need all waiting; resend all cancel or failed. */
export function bulkAllowed(action: 'sendAnyway' | 'skip' | 'resend' | 'block', statuses: string[]): boolean {
  if (!statuses.length) return false;
  if (action === 'sendAnyway' || action === 'skip') return statuses.every((s) => s === 'waiting' || s === 'waitingCondition');
  if (action === 'resend') return statuses.every((s) => s === 'cancel' || s === 'failed');
  return true;
}
