// The durable events this plugin emits (outgoing webhooks listen to them); each is recorded in the
// transaction that records the change on the request's queue entry. Listeners write their own types.

/** 'request.sent', key = `<request id>:<reminder>`: the request email (reminder 0) or a reminder went out. */
export interface RequestSent {
  shopId: number;
  shopDomain: string;
  /** the queue entry's id */
  requestId: number;
  /** Shopify's numeric order id */
  orderId: string;
  orderName: string | null;
  /** the order's products the email asks to review */
  productIds: string[];
  /** 0: the request itself; 1, 2 ...: its reminders */
  reminder: number;
  status: string;
  /** when (ISO 8601) */
  at: string;
}

/** 'request.reviewed', key = request id: the customer reviewed; nothing more is sent for the order. */
export interface RequestReviewed {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  productIds: string[];
  status: 'reviewed';
  at: string;
}

export const REQUEST_SENT = 'request.sent';
export const REQUEST_REVIEWED = 'request.reviewed';

/** The products of a queue entry's line items, once each. */
export const productIdsOf = (lineItems: { productId?: string | null }[] | null | undefined): string[] =>
  [...new Set((lineItems ?? []).map((li) => li.productId).filter((id): id is string => !!id))];
