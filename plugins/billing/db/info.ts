// GET /api/subscription: the shop's plan, interval, status, trial days left, period end, quota and
// the offers it may take, with the plan comparison built from what the plugins declare.
import { declaredFeatures, hasFullAccess, normalisePlan, type KernelServices, type ShopView } from '@plaudit/kernel';
import { OFFERED_PLANS, PLANS, periodPrice, type SubscriptionInfo, type TierName } from '../shared/plans';
import { RequestQuota } from '@plaudit/contracts/review-requests';
import { chargeOf, readAccount } from './account';
import { leaveOfferAvailable } from './subscribe';

const DAY = 86_400_000;

export async function subscriptionInfo(deps: KernelServices, shop: ShopView): Promise<SubscriptionInfo> {
  const tenant = deps.tenant(shop.id, shop.domain);
  const account = await readAccount(tenant);
  const plan = PLANS[normalisePlan(shop.plan)];
  const charge = account.subscriptionId ? await chargeOf(tenant, account.subscriptionId) : undefined;
  const quota = deps.capabilities.get(RequestQuota);
  const left = account.trialEndsAt ? Math.ceil((new Date(account.trialEndsAt).getTime() - Date.now()) / DAY) : 0;
  return {
    plan: plan.id,
    name: plan.name,
    tier: plan.tier,
    interval: account.interval,
    status: account.status,
    fullAccess: hasFullAccess(shop.planSubject),
    trialDaysLeft: left > 0 ? left : null,
    currentPeriodEnd: account.currentPeriodEnd ? new Date(account.currentPeriodEnd).toISOString() : null,
    price: charge?.price ?? periodPrice(plan, account.interval ?? 'monthly'),
    discount: charge ? await discountOf(deps, charge.leaveOffer, charge.couponCode) : null,
    quota: quota ? await quota.monthly(tenant, { plan: shop.plan, timezone: shop.timezone }) : null,
    offers: { leave: leaveOfferAvailable(shop, account), annual: plan.annualMonthly !== null && account.interval !== 'annual' && !!account.subscriptionId },
    plans: OFFERED_PLANS,
    features: declaredFeatures().map(({ feature, tier }) => ({ feature, tier: tier as TierName })),
  };
}

async function discountOf(deps: KernelServices, leaveOffer: boolean, couponCode: string | null): Promise<SubscriptionInfo['discount']> {
  if (leaveOffer) return { percentage: 50, amount: null, intervals: 2, leaveOffer: true };
  if (!couponCode) return null;
  // tenancy: the coupon's rules by its code (coupons are the operator's, shared by all shops)
  const c = await deps.knex('billing_coupons').where({ code: couponCode }).first();
  if (!c) return null;
  return {
    percentage: c.kind === 'percentage' ? Number(c.value) : null,
    amount: c.kind === 'amount' ? Number(c.value) : null,
    intervals: c.durationIntervals ?? null,
  };
}
