// The admin's calls to the billing API, and where the merchant goes after choosing a plan.
import { apiJson } from '@plaudit/kernel/admin';
import type { Interval, PlanId, SubscriptionInfo } from '../shared/plans';

export const loadInfo = () => apiJson<{ data: SubscriptionInfo }>('/subscription').then((r) => r.data);

export const checkCoupon = (code: string) =>
  apiJson<{ data: { code: string; kind: 'percentage' | 'amount'; value: number; durationIntervals: number | null } }>(
    `/subscription/coupons/${encodeURIComponent(code)}`,
  ).then((r) => r.data);

export interface SubscribeOptions {
  interval?: Interval;
  coupon?: string;
  offer?: 'leave';
  reason?: string;
}

/** The admin's path prefix: /embed inside the Shopify admin, none standalone. */
const prefix = () => (window.location.pathname.startsWith('/embed') ? '/embed' : '');

/**
 * Asks for the plan: a paid plan goes to Shopify's confirmation page (the whole window, out of the
 * admin's frame); the free plan switched already, so the page reloads (re-reading the plan
 * everywhere) and opens /subscription?success=true.
 */
export async function subscribe(plan: PlanId, options: SubscribeOptions): Promise<void> {
  const query = new URLSearchParams(Object.entries(options).filter(([, v]) => v) as [string, string][]);
  const answer = await apiJson<{ confirmationUrl: string | null; isRedirect: boolean }>(`/subscription/shopify/subscribe/${plan}?${query}`);
  if (answer.isRedirect && answer.confirmationUrl) window.open(answer.confirmationUrl, '_top');
  else window.location.assign(`${prefix()}/subscription?success=true`);
}

/** The message of a failed call: the server's, else the exception's (spec section 8, subscribe failure). */
export const failure = (err: unknown) => (err as { body?: { message?: string } })?.body?.message ?? (err as Error)?.message ?? '';
