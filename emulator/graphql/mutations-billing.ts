// appSubscriptionCreate and appSubscriptionCancel: a new subscription is PENDING until the merchant
// approves it on the confirmation page (billing.ts); cancelling sends app_subscriptions/update.
// Replacement, expiry and trials that do not restart: subscriptions.ts.
import { subscriptionUpdated } from '../events';
import { isoTime } from '../store';
import { cancel, effectiveTrialDays } from '../subscriptions';
import type { ReplacementBehavior, SubscriptionLineItemRecord, SubscriptionRecord } from '../types';
import { idFrom } from './query-root';
import { subscriptionView } from './views-app';
import type { GqlContext } from './views-store';

type UserError = { field: string[] | null; message: string };

interface MoneyInput {
  amount: string | number;
  currencyCode: string;
}
interface LineItemInput {
  plan: {
    appRecurringPricingDetails?: {
      price: MoneyInput;
      interval?: 'EVERY_30_DAYS' | 'ANNUAL';
      discount?: { value?: { amount?: string | number; percentage?: number }; durationLimitInIntervals?: number };
    };
    appUsagePricingDetails?: { cappedAmount: MoneyInput; terms: string };
  };
}
interface CreateArgs {
  name: string;
  lineItems: LineItemInput[];
  returnUrl: string;
  test?: boolean | null;
  trialDays?: number | null;
  replacementBehavior?: ReplacementBehavior | null;
}

function validUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Shopify's confirmation URL lives on the shop's domain; the adapter rewrites it like API URLs. */
export const confirmationUrl = (shop: string, id: string) => `https://${shop}/admin/charges/${id}/confirm`;

export function billingMutations(c: GqlContext) {
  const s = c.shop;
  return {
    appSubscriptionCreate: (a: CreateArgs) => {
      const errors: UserError[] = [];
      if (!a.name.trim()) errors.push({ field: ['name'], message: "Name can't be blank" });
      if (!validUrl(a.returnUrl)) errors.push({ field: ['returnUrl'], message: 'Return url is invalid' });
      if (a.trialDays != null && a.trialDays < 0) errors.push({ field: ['trialDays'], message: 'Trial days must be greater than or equal to 0' });
      if (!a.lineItems.length) errors.push({ field: ['lineItems'], message: "Line items can't be blank" });
      const recurring = a.lineItems.filter((li) => li.plan.appRecurringPricingDetails);
      const usage = a.lineItems.filter((li) => li.plan.appUsagePricingDetails);
      if (recurring.length > 1 || usage.length > 1) errors.push({ field: ['lineItems'], message: 'Only one recurring and one usage line item are allowed' });
      a.lineItems.forEach((li, i) => {
        const r = li.plan.appRecurringPricingDetails;
        const u = li.plan.appUsagePricingDetails;
        const at = (...f: string[]) => ['lineItems', String(i), 'plan', ...f];
        if (!r && !u) errors.push({ field: at(), message: 'Plan must have either recurring or usage pricing details' });
        if (r && u) errors.push({ field: at(), message: 'Plan cannot have both recurring and usage pricing details' });
        if (r && !(Number(r.price.amount) >= 0))
          errors.push({ field: at('appRecurringPricingDetails', 'price', 'amount'), message: 'Price must be greater than or equal to 0' });
        const pct = r?.discount?.value?.percentage;
        if (pct != null && (pct < 0 || pct > 1))
          errors.push({ field: at('appRecurringPricingDetails', 'discount', 'value', 'percentage'), message: 'Percentage must be between 0 and 1' });
        const off = r?.discount?.value?.amount;
        if (off != null && !(Number(off) > 0))
          errors.push({ field: at('appRecurringPricingDetails', 'discount', 'value', 'amount'), message: 'Amount must be greater than 0' });
        if (r?.discount?.value && pct != null && off != null)
          errors.push({ field: at('appRecurringPricingDetails', 'discount', 'value'), message: 'Discount value must be either an amount or a percentage' });
        const limit = r?.discount?.durationLimitInIntervals;
        if (limit != null && limit < 1)
          errors.push({
            field: at('appRecurringPricingDetails', 'discount', 'durationLimitInIntervals'),
            message: 'Duration limit in intervals must be greater than 0',
          });
        if (u && !(Number(u.cappedAmount.amount) > 0))
          errors.push({ field: at('appUsagePricingDetails', 'cappedAmount', 'amount'), message: 'Capped amount must be greater than 0' });
        if (u && !u.terms.trim()) errors.push({ field: at('appUsagePricingDetails', 'terms'), message: "Terms can't be blank" });
      });
      if (errors.length) return { appSubscription: null, confirmationUrl: null, userErrors: errors };

      const now = isoTime();
      const lineItems: SubscriptionLineItemRecord[] = a.lineItems.map((li) => {
        const r = li.plan.appRecurringPricingDetails;
        const u = li.plan.appUsagePricingDetails;
        const id = c.em.store.nextId();
        if (u) return { id, usage: { cappedAmount: { amount: String(u.cappedAmount.amount), currencyCode: u.cappedAmount.currencyCode }, terms: u.terms } };
        const d = r!.discount;
        return {
          id,
          recurring: {
            interval: r!.interval ?? 'EVERY_30_DAYS',
            price: { amount: String(r!.price.amount), currencyCode: r!.price.currencyCode },
            discount: d?.value
              ? {
                  durationLimitInIntervals: d.durationLimitInIntervals ?? null,
                  percentage: d.value.percentage ?? null,
                  amount: d.value.amount != null ? String(d.value.amount) : null,
                }
              : undefined,
          },
        };
      });
      const sub: SubscriptionRecord = {
        id: c.em.store.nextId(),
        name: a.name,
        status: 'PENDING',
        test: a.test ?? false,
        // trial days the shop already used on this app are subtracted (subscriptions.ts)
        trialDays: effectiveTrialDays(s, a.trialDays ?? 0),
        returnUrl: a.returnUrl,
        createdAt: now,
        updatedAt: now,
        currentPeriodEnd: null,
        lineItems,
        replacementBehavior: a.replacementBehavior ?? 'STANDARD',
      };
      s.subscriptions.push(sub);
      c.em.store.changed();
      return { appSubscription: subscriptionView(c, sub), confirmationUrl: confirmationUrl(s.domain, sub.id), userErrors: [] };
    },

    appSubscriptionCancel: ({ id }: { id: string }) => {
      const subId = idFrom(id, 'AppSubscription');
      const sub = s.subscriptions.find((x) => x.id === subId);
      if (!sub) return { appSubscription: null, userErrors: [{ field: ['id'], message: 'Subscription not found' }] };
      if (!['ACTIVE', 'PENDING', 'ACCEPTED', 'FROZEN'].includes(sub.status)) {
        return { appSubscription: subscriptionView(c, sub), userErrors: [{ field: ['id'], message: `Cannot cancel a subscription in status ${sub.status}` }] };
      }
      cancel(sub);
      c.em.store.changed();
      void subscriptionUpdated(c.em, s, [sub]);
      return { appSubscription: subscriptionView(c, sub), userErrors: [] };
    },
  };
}
