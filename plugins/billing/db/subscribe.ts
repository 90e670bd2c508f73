// Starting a plan (GET /api/subscription/shopify/subscribe/{planId}): a paid plan asks Shopify for a
// subscription and answers its confirmation URL; the free plan switches at once (no confirmation).
import createHttpError from 'http-errors';
import type { z } from 'zod';
import { browserUrl, normalisePlan, type KernelServices, type ShopView } from '@plaudit/kernel';
import { LEAVE_OFFER, PLAN_IDS, PLANS, periodPrice, tierRank, type PlanId, type subscribeQuery } from '../shared/plans';
import { readAccount, recordCharge, recordDowngrade, saveAccount, type Account } from './account';
import { couponDiscount, usableCoupon } from './coupons';

type SubscribeQuery = z.infer<typeof subscribeQuery>;
export interface SubscribeAnswer {
  confirmationUrl: string | null;
  isRedirect: boolean;
}

const TEST_SHOPIFY_PLANS = ['development', 'partner_test', 'affiliate', 'staff', 'trial'];

const badRequest = (message: string, field: string) => createHttpError(400, message, { errors: { [field]: message } });

/** The leave offer is there once, for a shop that pays and has not used it. */
export const leaveOfferAvailable = (shop: ShopView, account: Account) =>
  normalisePlan(shop.plan) !== 'free' && !!account.subscriptionId && !account.leaveOfferUsedAt;

export async function subscribe(deps: KernelServices, shop: ShopView, planParam: string, q: SubscribeQuery): Promise<SubscribeAnswer> {
  if (!(PLAN_IDS as readonly string[]).includes(planParam)) throw createHttpError(404, 'Unknown plan');
  const planId = planParam as PlanId;
  const current = PLANS[normalisePlan(shop.plan)];
  const target = PLANS[planId];
  const account = await readAccount(deps.tenant(shop.id, shop.domain));
  const leave = q.offer === 'leave';
  if (leave && (!leaveOfferAvailable(shop, account) || planId !== current.id)) throw badRequest('The offer is not available', 'offer');
  if (!target.offered && !leave) throw createHttpError(404, 'Unknown plan');
  const downgrade = tierRank(target.tier) < tierRank(current.tier);
  if (downgrade && !q.reason) throw badRequest('Please choose a reason', 'reason');
  if (target.id === 'free') return switchToFree(deps, shop, account, q.reason);
  if (target.id === current.id && account.subscriptionId && (account.interval ?? 'monthly') === q.interval && !leave && !q.coupon)
    throw badRequest('You are already on this plan', 'planId');

  const coupon = q.coupon && !leave ? await usableCoupon(deps.knex, deps.tenant(shop.id, shop.domain), q.coupon) : undefined;
  if (q.coupon && !leave && !coupon) throw badRequest('Invalid coupon code', 'coupon');
  const interval = leave ? (account.interval ?? 'monthly') : q.interval;
  if (interval === 'annual' && target.annualMonthly === null) throw badRequest('This plan has no annual billing', 'interval');
  const price = periodPrice(target, interval);
  const discount = leave
    ? { value: { percentage: LEAVE_OFFER.percentage }, durationLimitInIntervals: LEAVE_OFFER.intervals }
    : coupon && couponDiscount(coupon);
  const api = deps.platform?.adminApi(shop.domain);
  if (!api) throw createHttpError(503, 'Billing is not available');
  const created = await api.createSubscription({
    name: `Plaudit ${target.name}${interval === 'annual' ? ' (annual)' : ''}`,
    returnUrl: `${deps.config.appUrl}/billing/return?shop=${encodeURIComponent(shop.domain)}`,
    test: !!deps.config.shopify.emulatorUrl || TEST_SHOPIFY_PLANS.includes(shop.shopifyPlan ?? ''),
    trialDays: target.trialDays,
    // The leave offer applies at once: under STANDARD, a change only in discount would wait for the next cycle.
    replacementBehavior: leave ? 'APPLY_IMMEDIATELY' : 'STANDARD',
    lineItems: [
      {
        plan: {
          appRecurringPricingDetails: {
            interval: interval === 'annual' ? 'ANNUAL' : 'EVERY_30_DAYS',
            price: { amount: price, currencyCode: 'USD' },
            ...(discount ? { discount } : {}),
          },
        },
      },
    ],
  });
  const tenant = deps.tenant(shop.id, shop.domain);
  await recordCharge(tenant, {
    subscriptionId: created.appSubscription.id,
    plan: target.id,
    interval,
    price,
    couponCode: coupon?.code ?? null,
    leaveOffer: leave,
  });
  if (downgrade) await declineOffer(deps, shop, account, current.id, target.id, q.reason!);
  return { confirmationUrl: browserUrl(created.confirmationUrl), isRedirect: true };
}

async function switchToFree(deps: KernelServices, shop: ShopView, account: Account, reason: string | undefined): Promise<SubscribeAnswer> {
  const tenant = deps.tenant(shop.id, shop.domain);
  if (account.subscriptionId) {
    // Already ended at Shopify (a race with the webhook) is as good as cancelled here.
    await deps.platform
      ?.adminApi(shop.domain)
      .cancelSubscription(account.subscriptionId)
      .catch((err: Error) => deps.log.warn({ err, shop: shop.domain }, 'billing: cancel refused'));
  }
  const from = normalisePlan(shop.plan);
  await deps.knex.transaction(async (trx) => {
    await tenant.insertInto('billing_accounts', {}, trx).onConflict('shop_id').ignore();
    await saveAccount(
      tenant,
      { subscriptionId: null, status: account.subscriptionId ? 'CANCELLED' : account.status, interval: null, currentPeriodEnd: null, trialEndsAt: null },
      trx,
    );
    await deps.shops.changePlan(shop.id, 'free', { key: `free@${Date.now()}`, trx });
    if (!shop.flags.setupDone) await deps.shops.markSetupDone(shop.id, trx);
  });
  if (from !== 'free' && reason) await declineOffer(deps, shop, account, from, 'free', reason);
  return { confirmationUrl: null, isRedirect: false };
}

/** A downgrade keeps its reason; the leave offer, shown before it, is spent. */
async function declineOffer(deps: KernelServices, shop: ShopView, account: Account, from: string, to: string, reason: string) {
  const tenant = deps.tenant(shop.id, shop.domain);
  await recordDowngrade(tenant, from, to, reason);
  if (!account.leaveOfferUsedAt) await tenant.table('billing_accounts').update({ leaveOfferUsedAt: new Date() });
}
