// This month's review requests against the plan's quota (spec section 9: Free 50, Pro 250,
// Advanced and Enterprise unlimited), counted in the shop's own month; the remaining count is
// shown where requests are managed and on the subscription page (RequestQuota, billing's page).
import type { Tenant } from '@plaudit/kernel';
import type { MonthlyQuota } from '@plaudit/contracts/review-requests';
import { monthStartInZone } from '../shared/zoned-time';
import { sentCount } from './queue';
import { monthlyQuota } from './settings';

export async function requestQuota(tenant: Tenant, shop: { plan: string; timezone: string }): Promise<MonthlyQuota> {
  const limit = monthlyQuota(shop.plan) ?? null;
  const used = await sentCount(tenant, monthStartInZone(new Date(), shop.timezone));
  return { limit, used, left: limit === null ? null : Math.max(0, limit - used) };
}
