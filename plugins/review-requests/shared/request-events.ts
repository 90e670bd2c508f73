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

/**
 * 'request.eligible', key = request id: the order's request is due and its email goes out now, from
 * Plaudit or (`sentBy`) from the merchant's email-marketing app (emitted
 * with the first 'request.sent'), with what another app needs to ask for the reviews itself — the
 * customer and, per product, its review link and one-click rating links (the write page with 1 to 5
 * stars chosen). The links are signed and expire like the email's.
 */
export interface RequestEligible {
  shopId: number;
  shopDomain: string;
  requestId: number;
  orderId: string;
  orderName: string | null;
  customer: { email: string; firstName: string | null; lastName: string | null; locale: string | null };
  products: { productId: string; title: string; imageUrl: string | null; reviewUrl: string; ratingUrls: Record<'1' | '2' | '3' | '4' | '5', string> }[];
  /** null: Plaudit's own email went out; else the email-marketing app that sends the request instead (shared/sender-app.ts) */
  sentBy: string | null;
  at: string;
}

export const REQUEST_ELIGIBLE = 'request.eligible';
export const REQUEST_SENT = 'request.sent';
export const REQUEST_REVIEWED = 'request.reviewed';

/** The write link with `stars` already chosen (the reviews plugin's write page reads `?rating=`). */
export function ratingUrl(reviewUrl: string, stars: number): string {
  const u = new URL(reviewUrl);
  u.searchParams.set('rating', String(stars));
  return u.toString();
}

/** The products of a queue entry's line items, once each. */
export const productIdsOf = (lineItems: { productId?: string | null }[] | null | undefined): string[] =>
  [...new Set((lineItems ?? []).map((li) => li.productId).filter((id): id is string => !!id))];
