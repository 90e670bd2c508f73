// What a review-request workflow says about itself in the Temporal UI: a one-line summary and
// markdown details fixed at start, so the workflow list reads like the queue.
export type RequestSource = 'webhook' | 'old-orders' | 'send-now' | 'public-api' | 'resend' | 'checkout';

const SOURCE_TEXT: Record<RequestSource, string> = {
  webhook: 'the order webhooks',
  'old-orders': 'a bulk send for old orders',
  'send-now': 'a send from the store admin (email-request screen)',
  'public-api': 'a call of the public API (POST /api/public/v1/requests)',
  resend: "the merchant's Resend or Send anyway on a queue row whose earlier run had ended",
  checkout: "the customer's channel choice on the thank-you page, before the order webhook (issue 32)",
};

export function requestSummary(shopDomain: string, orderId: string, orderName?: string | null): string {
  return `Review request ${orderName ?? `order ${orderId}`} · ${shopDomain}`;
}

export function requestDetails(o: { shopDomain: string; orderId: string; orderName?: string | null; source: RequestSource; appUrl: string }): string {
  const search = encodeURIComponent(o.orderName ?? o.orderId);
  return [
    `**Review request** for order ${o.orderName ?? ''} (id ${o.orderId}) of \`${o.shopDomain}\`, started by ${SOURCE_TEXT[o.source]}.`,
    '',
    `- Queue row: ${o.appUrl}/collect-reviews/review-request?searchText=${search}`,
    `- This shop's requests: \`ShopDomain = "${o.shopDomain}"\`, failed ones: \`ShopDomain = "${o.shopDomain}" AND RequestStatus = "failed"\``,
    '- Current status and next step: the *current details* below, and the `status` query.',
  ].join('\n');
}
