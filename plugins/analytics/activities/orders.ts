// orders/create: an order whose landing page carries a review request's UTM parameters counts as
// attributed when it was placed within 7 days of a click on that request's links; an order paying
// with a review reward's code counts for the rewards' revenue. Other orders are not kept.
import type { ActivityDeps, WebhookDelivery } from '@plaudit/kernel';
import { recordOrder } from '../db/orders';
import { ATTRIBUTION_WINDOW_DAYS } from '../shared/api';
import { RequestsAnalytics } from '@plaudit/contracts/review-requests';
import { RewardsAnalytics } from '@plaudit/contracts/rewards';

/** The queue entry a landing page's UTM parameters name (`utm_source=plaudit&utm_content=<id>`). */
export function requestOfLanding(landingSite: unknown): number | undefined {
  if (typeof landingSite !== 'string' || !landingSite) return undefined;
  let params: URLSearchParams;
  try {
    params = new URL(landingSite, 'https://landing.invalid').searchParams;
  } catch {
    return undefined;
  }
  const content = params.get('utm_content') ?? '';
  return params.get('utm_source') === 'plaudit' && /^\d{1,15}$/.test(content) ? Number(content) : undefined;
}

/** An order's created_at has whole seconds (and another clock): one placed this much "before" the click is after it. */
const CLOCK_SLACK_MS = 60_000;

export function withinWindow(clickedAt: Date, orderedAt: Date): boolean {
  const ms = orderedAt.getTime() - clickedAt.getTime();
  return ms >= -CLOCK_SLACK_MS && ms <= ATTRIBUTION_WINDOW_DAYS * 86_400_000;
}

const discountCodes = (order: any): string[] =>
  (Array.isArray(order.discount_codes) ? order.discount_codes : []).map((c: any) => String(c?.code ?? '')).filter(Boolean);

export function orderCreatedHook(deps: ActivityDeps) {
  return async (d: WebhookDelivery, order: any) => {
    if (!d.shopId || order?.id == null) return;
    const tenant = deps.tenant(d.shopId, d.shopDomain);
    const orderedAt = new Date(order.created_at ?? d.triggeredAt ?? Date.now());
    const queueEntryId = requestOfLanding(order.landing_site) ?? null;
    const requests = deps.capabilities.get(RequestsAnalytics);
    const clickedAt = queueEntryId !== null && requests ? ((await requests.clickedAt(tenant, queueEntryId)) ?? null) : null;
    const codes = discountCodes(order);
    const rewards = deps.capabilities.get(RewardsAnalytics);
    const reward = codes.length > 0 && !!rewards && (await rewards.rewardCodes(tenant, codes)).length > 0;
    if (queueEntryId === null && !reward) return;
    const total = Number(order.total_price ?? 0);
    await recordOrder(tenant, {
      orderId: String(order.id),
      orderedAt,
      total: Number.isFinite(total) ? total : 0,
      currency: typeof order.currency === 'string' ? order.currency.slice(0, 3) : null,
      queueEntryId,
      clickedAt,
      attributed: !!clickedAt && withinWindow(clickedAt, orderedAt),
      reward,
    });
  };
}
