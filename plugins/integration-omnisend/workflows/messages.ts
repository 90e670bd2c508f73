// The Omnisend delivery workflow's input and id (shared by the workflow, its activities and the
// event handlers that start it).
import type { RequestEligiblePayload } from '@plaudit/contracts/review-requests';
import type { SourceEvent } from '../shared/omnisend';

export interface OmnisendDelivery {
  shopId: number;
  shopDomain: string;
  event: SourceEvent;
  /** the review's id, `<request id>:<reminder>` for RequestSent, the request id for RequestEligible */
  key: string;
  reviewId?: number;
  requestId?: number;
  reminder?: number;
  /** RequestEligible: what is sent, carried whole (the rating links are the request's own) */
  eligible?: Pick<RequestEligiblePayload, 'orderId' | 'orderName' | 'customer' | 'products'> & { sentBy?: string | null };
  /** when it happened (ISO 8601): Omnisend's eventTime, the same on every retry */
  at?: string;
}

/** One workflow per event and review (or request send): `omnisend:<shop>:<event>:<key>`. */
export const omnisendWorkflowId = (shopDomain: string, event: SourceEvent, key: string) => `omnisend:${shopDomain}:${event}:${key}`;
