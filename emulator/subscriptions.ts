// The life of an app subscription as Shopify documents it:
// - statuses (AppSubscriptionStatus, https://shopify.dev/docs/api/admin-graphql/latest/enums/AppSubscriptionStatus):
//   PENDING until the merchant decides; ACTIVE once approved; DECLINED when declined; EXPIRED when not
//   approved within two days of creation; FROZEN on hold for non-payment (re-activates when payments
//   resume); CANCELLED by the app, by uninstalling, or by a newer subscription being activated.
// - replacement (AppSubscriptionReplacementBehavior,
//   https://shopify.dev/docs/api/admin-graphql/latest/enums/AppSubscriptionReplacementBehavior):
//   APPLY_IMMEDIATELY cancels the current subscription at once; APPLY_ON_NEXT_BILLING_CYCLE defers the
//   swap to the current one's period end; STANDARD is immediate except (1) annual to a cheaper annual,
//   (2) annual to monthly, (3) identical but for the discount, which are deferred. A deferred, approved
//   replacement is shown here as ACCEPTED (Shopify's deprecated status) until it starts.
// - trials do not restart (https://shopify.dev/docs/apps/launch/billing/shopify-app-pricing/subscription-billing/offer-free-trials#trial-proration):
//   "previously consumed trial days are subtracted from the new totals", on a plan change and on a
//   reinstall alike. Consumed days are whole days spent active within a trial, over the shop's
//   earlier subscriptions to the app.
import { isoTime } from './store';
import type { ShopRecord, SubscriptionRecord } from './types';

const DAY = 86_400_000;
const PENDING_LIFETIME = 2 * DAY;

const recurringOf = (s: SubscriptionRecord) => s.lineItems.find((li) => li.recurring)?.recurring;

/** Whole trial days the shop already used on its earlier subscriptions. */
export function trialDaysConsumed(shop: ShopRecord, now = Date.now()): number {
  let days = 0;
  for (const s of shop.subscriptions) {
    if (!s.activatedAt || !s.trialDays) continue;
    const end = s.endedAt ? Date.parse(s.endedAt) : now;
    days += Math.min(s.trialDays, Math.floor(Math.max(0, end - Date.parse(s.activatedAt)) / DAY));
  }
  return days;
}

export function effectiveTrialDays(shop: ShopRecord, requested: number, now = Date.now()): number {
  return Math.max(0, requested - trialDaysConsumed(shop, now));
}

function yearlyValue(s: SubscriptionRecord): number {
  const r = recurringOf(s);
  if (!r) return 0;
  return Number(r.price.amount) * (r.interval === 'ANNUAL' ? 1 : 365 / 30);
}

function sameButDiscount(a: SubscriptionRecord, b: SubscriptionRecord): boolean {
  const ra = recurringOf(a);
  const rb = recurringOf(b);
  return (
    !!ra && !!rb && ra.interval === rb.interval && ra.price.amount === rb.price.amount && ra.price.currencyCode === rb.price.currencyCode && a.name === b.name
  );
}

/** Whether approving `next` waits for `current`'s billing period to end. */
export function isDeferred(current: SubscriptionRecord, next: SubscriptionRecord): boolean {
  const behavior = next.replacementBehavior ?? 'STANDARD';
  if (behavior === 'APPLY_IMMEDIATELY') return false;
  const rc = recurringOf(current);
  const rn = recurringOf(next);
  if (rc && rn && rc.price.currencyCode !== rn.price.currencyCode) return false;
  if (behavior === 'APPLY_ON_NEXT_BILLING_CYCLE') return true;
  if (rc?.interval === 'ANNUAL' && rn?.interval === 'ANNUAL' && yearlyValue(next) < yearlyValue(current)) return true;
  if (rc?.interval === 'ANNUAL' && rn?.interval === 'EVERY_30_DAYS') return true;
  return sameButDiscount(current, next);
}

function activate(sub: SubscriptionRecord, now: number) {
  const annual = recurringOf(sub)?.interval === 'ANNUAL';
  sub.status = 'ACTIVE';
  sub.activatedAt = isoTime(now);
  sub.startsAt = null;
  sub.currentPeriodEnd = isoTime(now + (sub.trialDays + (annual ? 365 : 30)) * DAY);
  sub.updatedAt = isoTime(now);
}

function end(sub: SubscriptionRecord, status: 'CANCELLED' | 'EXPIRED' | 'DECLINED', now: number) {
  sub.status = status;
  if (sub.activatedAt && !sub.endedAt) sub.endedAt = isoTime(now);
  sub.updatedAt = isoTime(now);
}

/** The merchant approved `sub` on the confirmation page: the subscriptions that changed. */
export function approve(shop: ShopRecord, sub: SubscriptionRecord, now = Date.now()): SubscriptionRecord[] {
  const current = shop.subscriptions.find((s) => s.status === 'ACTIVE' || s.status === 'FROZEN');
  // an approved replacement still waiting is itself replaced by this newer approval
  const waiting = shop.subscriptions.filter((s) => s.status === 'ACCEPTED');
  for (const w of waiting) end(w, 'CANCELLED', now);
  if (current && isDeferred(current, sub)) {
    sub.status = 'ACCEPTED';
    sub.startsAt = current.currentPeriodEnd ?? isoTime(now);
    sub.updatedAt = isoTime(now);
    return [...waiting, sub];
  }
  if (current) end(current, 'CANCELLED', now);
  activate(sub, now);
  return [...waiting, ...(current ? [current] : []), sub];
}

export function decline(sub: SubscriptionRecord, now = Date.now()): SubscriptionRecord[] {
  end(sub, 'DECLINED', now);
  return [sub];
}

export function cancel(sub: SubscriptionRecord, now = Date.now()): SubscriptionRecord[] {
  end(sub, 'CANCELLED', now);
  return [sub];
}

/** Uninstalling cancels whatever is active, waiting or pending. */
export function cancelAll(shop: ShopRecord, now = Date.now()): SubscriptionRecord[] {
  const live = shop.subscriptions.filter((s) => ['ACTIVE', 'PENDING', 'ACCEPTED', 'FROZEN'].includes(s.status));
  for (const s of live) end(s, 'CANCELLED', now);
  return live;
}

/** Time passing: pending charges expire after two days; deferred replacements start. */
export function settle(shop: ShopRecord, now = Date.now()): SubscriptionRecord[] {
  const changed: SubscriptionRecord[] = [];
  for (const s of shop.subscriptions) {
    if (s.status === 'PENDING' && Date.parse(s.createdAt) + PENDING_LIFETIME <= now) {
      end(s, 'EXPIRED', now);
      changed.push(s);
    }
  }
  const due = shop.subscriptions.find((s) => s.status === 'ACCEPTED' && s.startsAt && Date.parse(s.startsAt) <= now);
  if (due) {
    const current = shop.subscriptions.find((s) => s.status === 'ACTIVE' || s.status === 'FROZEN');
    if (current) {
      end(current, 'CANCELLED', now);
      changed.push(current);
    }
    activate(due, now);
    changed.push(due);
  }
  return changed;
}

/** Operator moves (the emulator's control API): freeze for non-payment, resume, expire a pending charge. */
export function setStatus(sub: SubscriptionRecord, status: 'FROZEN' | 'ACTIVE' | 'EXPIRED', now = Date.now()): string | undefined {
  if (status === 'FROZEN' && sub.status !== 'ACTIVE') return `only an ACTIVE subscription can be frozen (it is ${sub.status})`;
  if (status === 'ACTIVE' && sub.status !== 'FROZEN') return `only a FROZEN subscription resumes (it is ${sub.status})`;
  if (status === 'EXPIRED' && sub.status !== 'PENDING') return `only a PENDING subscription expires (it is ${sub.status})`;
  if (status === 'EXPIRED') end(sub, 'EXPIRED', now);
  else {
    sub.status = status;
    sub.updatedAt = isoTime(now);
  }
  return undefined;
}
