// GraphQL views of the app's own records in a shop: installation, subscriptions, discount codes.
import { subscriptionUpdated } from '../events';
import { gid } from '../ids';
import { settle } from '../subscriptions';
import type { DiscountRecord, SubscriptionRecord } from '../types';
import { paginate, sortBy, type PageArgs } from './connection';
import { APP_ID, decimal, metafieldFields, money, type GqlContext } from './views-store';

export function subscriptionView(c: GqlContext, s: SubscriptionRecord) {
  return {
    __typename: 'AppSubscription',
    id: gid('AppSubscription', s.id),
    name: s.name,
    status: s.status,
    test: s.test,
    trialDays: s.trialDays,
    currentPeriodEnd: s.currentPeriodEnd,
    createdAt: s.createdAt,
    returnUrl: s.returnUrl,
    lineItems: s.lineItems.map((li) => ({
      id: `${gid('AppSubscriptionLineItem', li.id)}?v=1&index=0`,
      plan: {
        pricingDetails: li.recurring
          ? {
              __typename: 'AppRecurringPricing',
              interval: li.recurring.interval,
              planHandle: null,
              price: { amount: decimal(li.recurring.price.amount), currencyCode: li.recurring.price.currencyCode },
              discount: li.recurring.discount ? discountOf(li.recurring.price, li.recurring.discount) : null,
            }
          : {
              __typename: 'AppUsagePricing',
              interval: 'EVERY_30_DAYS',
              terms: li.usage!.terms,
              cappedAmount: { amount: decimal(li.usage!.cappedAmount.amount), currencyCode: li.usage!.cappedAmount.currencyCode },
              balanceUsed: { amount: '0.0', currencyCode: li.usage!.cappedAmount.currencyCode },
            },
      },
    })),
  };
}

function discountOf(price: { amount: string; currencyCode: string }, d: NonNullable<NonNullable<SubscriptionRecord['lineItems'][0]['recurring']>['discount']>) {
  const base = Number(price.amount);
  const after = d.percentage != null ? base * (1 - d.percentage) : Math.max(0, base - Number(d.amount ?? 0));
  return {
    durationLimitInIntervals: d.durationLimitInIntervals,
    remainingDurationInIntervals: d.durationLimitInIntervals,
    priceAfterDiscount: { amount: decimal(after.toFixed(2)), currencyCode: price.currencyCode },
    value:
      d.percentage != null
        ? { __typename: 'AppSubscriptionDiscountPercentage', percentage: d.percentage }
        : { __typename: 'AppSubscriptionDiscountAmount', amount: { amount: decimal(d.amount ?? '0'), currencyCode: price.currencyCode } },
  };
}

export function installationView(c: GqlContext) {
  const s = c.shop;
  // time passed since the last look: expired charges, deferred replacements that started
  const settled = settle(s);
  if (settled.length) {
    c.em.store.changed();
    void subscriptionUpdated(c.em, s, settled);
  }
  return {
    __typename: 'AppInstallation',
    id: gid('AppInstallation', s.installationId),
    app: { __typename: 'App', id: gid('App', APP_ID), title: 'Plaudit', handle: 'plaudit', apiKey: c.em.apiKey },
    launchUrl: `${c.em.appUrl}?shop=${s.domain}`,
    accessScopes: s.scopes
      .split(',')
      .filter(Boolean)
      .map((handle) => ({ handle, description: handle.replace(/_/g, ' ') })),
    activeSubscriptions: s.subscriptions.filter((x) => x.status === 'ACTIVE').map((x) => subscriptionView(c, x)),
    allSubscriptions: (a: PageArgs & { reverse?: boolean }) =>
      paginate(
        sortBy(
          s.subscriptions,
          (x) => x.createdAt,
          (x) => x.id,
          a.reverse,
        ),
        a,
        (x) => x.id,
        (x) => subscriptionView(c, x),
      ),
    ...metafieldFields(c, gid('AppInstallation', s.installationId)),
  };
}

export function discountStatus(d: DiscountRecord, now = Date.now()): 'ACTIVE' | 'EXPIRED' | 'SCHEDULED' {
  if (Date.parse(d.startsAt) > now) return 'SCHEDULED';
  if (d.endsAt && Date.parse(d.endsAt) <= now) return 'EXPIRED';
  return 'ACTIVE';
}

export function discountNodeView(c: GqlContext, d: DiscountRecord) {
  const value =
    d.percentage != null
      ? { __typename: 'DiscountPercentage', percentage: d.percentage }
      : { __typename: 'DiscountAmount', amount: money(c.shop, d.amount ?? '0'), appliesOnEachItem: false };
  const off = d.percentage != null ? `${Math.round(d.percentage * 10000) / 100}% off entire order` : `$${d.amount} off entire order`;
  const summary = [
    off,
    d.customerIds.length ? 'For specific customers' : null,
    d.appliesOncePerCustomer ? 'One use per customer' : null,
    d.usageLimit ? `Limit of ${d.usageLimit} uses` : null,
  ]
    .filter(Boolean)
    .join(' • ');
  return {
    __typename: 'DiscountCodeNode',
    id: gid('DiscountCodeNode', d.id),
    codeDiscount: {
      __typename: 'DiscountCodeBasic',
      title: d.title,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      status: discountStatus(d),
      summary,
      usageLimit: d.usageLimit,
      appliesOncePerCustomer: d.appliesOncePerCustomer,
      asyncUsageCount: d.usageCount ?? 0,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      customerGets: { value },
      combinesWith: d.combinesWith,
      codesCount: { count: 1, precision: 'EXACT' },
      codes: (a: PageArgs) =>
        paginate(
          [d],
          a,
          (x) => x.codeId,
          (x) => ({ id: gid('DiscountRedeemCode', x.codeId), code: x.code, asyncUsageCount: x.usageCount ?? 0 }),
        ),
    },
  };
}
