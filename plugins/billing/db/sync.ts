// Shopify's currentAppInstallation.activeSubscriptions is the source of truth for a billed shop's
// plan. The return from the confirmation page and the app_subscriptions/update webhook both call
// syncPlan; each run locks the shop's billing row and then asks Shopify, so whichever comes first
// changes the plan and the other finds nothing left to do (the plan is changed, and ShopPlanChanged
// emitted, once), and neither acts on an answer older than the other's change.
import type { Knex } from 'knex';
import type { ActiveSubscription, KernelServices, ShopView, Tenant } from '@plaudit/kernel';
import { chargeOf, lockAccount, saveAccount, updateCharge, type Account } from './account';
import { redeem } from './coupons';

const DAY = 86_400_000;

export async function syncPlan(deps: KernelServices, shop: ShopView): Promise<Account> {
  if (!deps.platform) throw new Error('Billing needs the store platform');
  const { platform } = deps;
  const tenant = deps.tenant(shop.id, shop.domain);
  return deps.knex.transaction(async (trx) => {
    const account = await lockAccount(tenant, trx);
    // asked under the lock: a webhook that read Shopify before a downgrade committed would put the
    // cancelled plan back
    const active = await platform.adminApi(shop.domain).activeSubscriptions();
    // Shopify keeps at most one active app subscription per shop.
    const sub = active[0];
    if (sub) return applyActive(deps, shop, tenant, account, sub, trx);
    // A billed shop whose subscription ended (cancelled, frozen, expired with nothing after it) is
    // free; a shop whose plan was never billed here (set by support, older billing) keeps it.
    if (!account.subscriptionId) return account;
    const ended = await chargeOf(tenant, account.subscriptionId, trx);
    const status = ended && ended.status !== 'ACTIVE' ? ended.status : 'CANCELLED';
    const patch = { subscriptionId: null, status, interval: null, currentPeriodEnd: null, trialEndsAt: null };
    await saveAccount(tenant, patch, trx);
    await deps.shops.changePlan(shop.id, 'free', { key: `ended:${account.subscriptionId}@${Date.now()}`, trx });
    return { ...account, ...patch };
  });
}

async function applyActive(
  deps: KernelServices,
  shop: ShopView,
  tenant: Tenant,
  account: Account,
  sub: ActiveSubscription,
  trx: Knex.Transaction,
): Promise<Account> {
  const charge = await chargeOf(tenant, sub.id, trx);
  if (!charge) {
    deps.log.warn({ shop: shop.domain, subscription: sub.id }, 'billing: an active subscription this app did not ask for; plan left as it is');
    return account;
  }
  const now = new Date();
  const activatedAt = charge.activatedAt ? new Date(charge.activatedAt) : now;
  if (!charge.activatedAt) {
    await updateCharge(tenant, sub.id, { status: 'ACTIVE', activatedAt }, trx);
    if (charge.couponCode) await redeem(tenant, charge.couponCode, sub.id, trx);
  } else if (charge.status !== 'ACTIVE') await updateCharge(tenant, sub.id, { status: 'ACTIVE' }, trx);
  const patch: Partial<Account> = {
    subscriptionId: sub.id,
    status: sub.status,
    interval: charge.interval,
    currentPeriodEnd: sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd) : null,
    // the trial runs from activation for the days Shopify granted (less any already used)
    trialEndsAt: sub.trialDays ? new Date(activatedAt.getTime() + sub.trialDays * DAY) : null,
    ...(charge.leaveOffer && !account.leaveOfferUsedAt ? { leaveOfferUsedAt: now } : {}),
  };
  await saveAccount(tenant, patch, trx);
  await deps.shops.changePlan(shop.id, charge.plan, { key: `${sub.id}@${now.getTime()}`, trx });
  // Subscribing while onboarding is not done finishes it (spec section 4).
  if (!shop.flags.setupDone) await deps.shops.markSetupDone(shop.id, trx);
  return { ...account, ...patch };
}

/** The charge's own state from a webhook (DECLINED, EXPIRED, FROZEN...), kept for the page. */
export async function noteChargeStatus(tenant: Tenant, subscriptionId: string, status: string) {
  await updateCharge(tenant, subscriptionId, { status });
}
