// Signals, updates and queries of the review-request workflow, shared by the workflow and callers.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

export interface OrderFacts {
  name: string;
  createdAt: string;
  email: string | null;
  customerName: string | null;
  customerId: string | null;
  shippingCountry: string | null;
  lineItems: { productId: string | null; title: string; quantity: number }[];
}

export type QueueStatus = 'waitingCondition' | 'waiting' | 'success' | 'opened' | 'reviewed' | 'failed' | 'cancel' | 'pause';

export const orderFactsSignal = defineSignal<[OrderFacts]>('orderFacts');
export const fulfilledSignal = defineSignal<[string]>('fulfilled');
export const deliveredSignal = defineSignal<[string]>('delivered');
export const cancelSignal = defineSignal('cancel');
export const pauseSignal = defineSignal<[boolean]>('pause');
export const openedSignal = defineSignal('opened');
export const reviewedSignal = defineSignal('reviewed');
/** Answers the caller with the workflow's verdict: sent now, or why not. */
export const sendAnywayUpdate = defineUpdate<string>('sendAnyway');
export const statusQuery = defineQuery<QueueStatus>('status');

export const reviewRequestWorkflowId = (shopDomain: string, orderId: string) => `review-request:${shopDomain}:${orderId}`;

export const OLD_ORDER_DAYS = 60;
export interface OldOrdersProgress {
  started: number;
  total: number | null;
  done: boolean;
}
export const progressQuery = defineQuery<OldOrdersProgress>('progress');
export const oldOrdersWorkflowId = (shopDomain: string) => `old-order-requests:${shopDomain}`;
