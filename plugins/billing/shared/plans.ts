// The plans of spec sections 4 and 9: what each costs, its trial, its monthly request quota. The
// tier each plan unlocks is the kernel's (tierOf in api/plans.ts, one rule for every gate); the
// features of each tier come from the plugins' manifests, so this file names no feature.
import { z } from 'zod';
import type { MonthlyQuota } from '@plaudit/contracts/review-requests';

export const PLAN_IDS = ['free', 'pro', 'pro_2', 'pro_24', 'advanced', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type Interval = 'monthly' | 'annual';
export type TierName = 'free' | 'base' | 'second' | 'third';

export interface PlanInfo {
  id: PlanId;
  /** the shown name: pro_2 and pro_24 are older Pro prices and show as Pro */
  name: 'Free' | 'Pro' | 'Advanced' | 'Enterprise';
  tier: TierName;
  monthly: number;
  /** the price per month when billed yearly (15% off twelve months), null when not offered */
  annualMonthly: number | null;
  trialDays: number;
  /** review requests a month; null = unlimited */
  requestsPerMonth: number | null;
  /** offered on the subscription page (the older Pro prices are kept, never sold) */
  offered: boolean;
}

// Annual per month is 85% of the monthly price to a tenth, as the spec states for advanced (25.4)
// and enterprise (169, the spec's figure for 169.15).
export const PLANS: Record<PlanId, PlanInfo> = {
  free: { id: 'free', name: 'Free', tier: 'free', monthly: 0, annualMonthly: null, trialDays: 0, requestsPerMonth: 50, offered: true },
  pro: { id: 'pro', name: 'Pro', tier: 'base', monthly: 19.9, annualMonthly: 16.9, trialDays: 7, requestsPerMonth: 250, offered: true },
  pro_2: { id: 'pro_2', name: 'Pro', tier: 'base', monthly: 9.9, annualMonthly: 8.4, trialDays: 7, requestsPerMonth: 250, offered: false },
  pro_24: { id: 'pro_24', name: 'Pro', tier: 'base', monthly: 12.9, annualMonthly: 11, trialDays: 7, requestsPerMonth: 250, offered: false },
  advanced: { id: 'advanced', name: 'Advanced', tier: 'second', monthly: 29.9, annualMonthly: 25.4, trialDays: 7, requestsPerMonth: null, offered: true },
  enterprise: { id: 'enterprise', name: 'Enterprise', tier: 'third', monthly: 199, annualMonthly: 169, trialDays: 60, requestsPerMonth: null, offered: true },
};

export const OFFERED_PLANS = Object.values(PLANS).filter((p) => p.offered);

/** The plan a tier gate sends the merchant to: the cheapest offered plan of that tier. */
export const PLAN_FOR_TIER: Record<TierName, PlanId> = { free: 'free', base: 'pro', second: 'advanced', third: 'enterprise' };

const TIER_ORDER: TierName[] = ['free', 'base', 'second', 'third'];
export const tierRank = (tier: TierName) => TIER_ORDER.indexOf(tier);

/** What the merchant is charged each billing period. */
export function periodPrice(plan: PlanInfo, interval: Interval): number {
  if (interval === 'monthly' || plan.annualMonthly === null) return plan.monthly;
  return Math.round(plan.annualMonthly * 12 * 100) / 100;
}

/** The leave offer of spec section 9: 50% off for 2 billing periods, once. */
export const LEAVE_OFFER = { percentage: 0.5, intervals: 2 };

export const DOWNGRADE_REASONS = ['too_expensive', 'missing_features', 'not_using', 'switching_app', 'temporary', 'other'] as const;

export const subscribeQuery = z
  .object({
    interval: z.enum(['monthly', 'annual']).default('monthly'),
    coupon: z.string().trim().max(64).optional(),
    offer: z.literal('leave').optional(),
    reason: z.enum(DOWNGRADE_REASONS).optional(),
    /** the onboarding's plan step: subscribing there finishes onboarding */
    onboarding: z.enum(['true', 'false']).optional(),
  })
  .strict();

export interface SubscriptionInfo {
  plan: PlanId;
  name: PlanInfo['name'];
  tier: TierName;
  interval: Interval | null;
  /** the Shopify subscription's state: ACTIVE, FROZEN, CANCELLED..., NONE when the shop never paid */
  status: string;
  /** shops installed after 9 May 2025 have every feature whatever their plan */
  fullAccess: boolean;
  trialDaysLeft: number | null;
  currentPeriodEnd: string | null;
  price: number;
  /** `leaveOffer`: the 50% leave offer, which belongs to the current subscription and ends with any change of it */
  discount: { percentage: number | null; amount: number | null; intervals: number | null; leaveOffer?: boolean } | null;
  /** this month's review requests (RequestQuota); null without the review-requests plugin */
  quota: MonthlyQuota | null;
  offers: { leave: boolean; annual: boolean };
  plans: PlanInfo[];
  features: { feature: string; tier: TierName }[];
}
