// The trigger activity: reads what the trigger carries (the review's facts, the order's customer) and
// fires it with flowTriggerReceive. The payload's keys are the extension's [settings] fields: the
// reference fields as numeric ids (`product_id`, `order_id`, `customer_id`), the others by their key.
//   https://shopify.dev/docs/apps/build/flow/triggers/reference
import type { ActivityDeps } from '@plaudit/kernel';
import { ReviewAdmin, ReviewFacts } from '@plaudit/contracts/reviews';
import { CONTENT_MAX_CHARS, numericId, PAYLOAD_LIMIT_BYTES, type TriggerInput } from '../shared/flow';

/** 'sent', or why nothing was sent (nothing to reference, the review gone ...) */
export type TriggerOutcome = 'sent' | `skipped:${string}`;

const cut = (s: string | null | undefined, n: number) => (s ?? '').slice(0, n);

export async function buildPayload(deps: ActivityDeps, input: TriggerInput): Promise<Record<string, unknown> | string> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  if (input.trigger === 'review-request-sent' || input.trigger === 'customer-reviewed') {
    const orderId = numericId(input.orderId);
    if (!orderId) return 'no_order';
    const base = { order_id: Number(orderId), 'Request ID': input.requestId, 'Order name': input.orderName ?? '' };
    if (input.trigger === 'review-request-sent') return { ...base, Reminder: input.reminder, Products: input.products };
    // the order's customer, as the store has it now
    const order = await deps.platform!.adminApi(input.shopDomain).order(`gid://shopify/Order/${orderId}`);
    const customerId = numericId(order?.customer?.id);
    if (!customerId) return 'no_customer';
    return { ...base, customer_id: Number(customerId) };
  }

  const facts = deps.capabilities.get(ReviewFacts);
  const review = facts && (await facts.reviewFacts(tenant, input.reviewId));
  if (!review) return 'review_gone';
  const productId = numericId(review.productId);
  // the review triggers reference the product: a store review has none
  if (!productId) return 'no_product';
  const payload: Record<string, unknown> = {
    product_id: Number(productId),
    'Review ID': review.reviewId,
    Rating: review.rating,
    Title: review.title ?? '',
    Content: cut(review.content, CONTENT_MAX_CHARS),
    'Reviewer name': [review.firstName, review.lastName].filter(Boolean).join(' '),
    'Reviewer email': review.email ?? '',
    Status: review.status,
    'Verified purchase': review.verified,
    Source: review.source,
  };
  if (input.trigger === 'negative-review-received') {
    const admin = deps.capabilities.get(ReviewAdmin);
    if (admin) payload['Negative threshold'] = (await admin.notificationSettings(input.shopId)).negativeThreshold;
  }
  // multi-byte text may still be too long: cut until the payload fits Flow's limit
  while (Buffer.byteLength(JSON.stringify(payload)) >= PAYLOAD_LIMIT_BYTES)
    payload.Content = cut(payload.Content as string, Math.floor((payload.Content as string).length / 2));
  return payload;
}

export async function sendTrigger(deps: ActivityDeps, input: TriggerInput): Promise<TriggerOutcome> {
  if (!deps.platform) return 'skipped:no_platform';
  const payload = await buildPayload(deps, input);
  if (typeof payload === 'string') return `skipped:${payload}`;
  // userErrors become PlatformUserError (not retried: the workflow records the refusal)
  await deps.platform.adminApi(input.shopDomain).flowTriggerReceive(input.trigger, payload);
  return 'sent';
}
