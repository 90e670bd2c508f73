// The rewards plugin's contract (see README.md): what it offers other plugins.
import type { Tenant } from '@plaudit/kernel';
import type { AnalyticsSource } from './analytics';
import { defineCapability } from './define';

/**
 * 'rewards.analytics': reward codes per local day (rewards.sent by sent_at: the codes the settings
 * page counts as issued, sent, used or expired; rewards.used by used_at), and which of an order's
 * discount codes are review rewards (attribution).
 */
export interface RewardsAnalyticsApi extends AnalyticsSource {
  /** Which of the given discount codes (any case) are this shop's reward codes, as given. */
  rewardCodes(tenant: Tenant, codes: string[]): Promise<string[]>;
}
export const RewardsAnalytics = defineCapability<RewardsAnalyticsApi>('rewards.analytics');

/** The reward as the onboarding's discount step sets it up: how, how much (one value for every qualifying review), and the minimums. */
export interface RewardSetupChoice {
  rewardingMethod: 'discount' | 'points';
  typeDiscount: 'percentage' | 'fixed';
  value: number;
  /** characters a review needs to earn it */
  charactersRequired: number;
  /** photos that make it a photo review */
  photoRequired: number;
}

export interface RewardSetupView extends RewardSetupChoice {
  /** rewards are on */
  enabled: boolean;
  /** the plan allows switching rewards on (the `discount` feature); else the tier that does */
  allowed: boolean;
  tier: string;
  /** a loyalty app is connected, so points may be the reward */
  pointsAvailable: boolean;
}

/**
 * 'rewards.setup': the reward in one step, for a setup flow. `turnOn` checks the choice as the
 * discount settings page does: a value error is thrown as a ZodError (400 with per-field messages),
 * a plan below the feature's tier as a 403 PLAN_TIER_TOO_LOW.
 */
export interface RewardSetupApi {
  view(shopId: number): Promise<RewardSetupView>;
  turnOn(shopId: number, choice: RewardSetupChoice): Promise<RewardSetupView>;
}
export const RewardSetup = defineCapability<RewardSetupApi>('rewards.setup');

/**
 * What a reviewer is offered for a review, as shoppers may be told (the disclosure page): the
 * discount settings as the reward workflow applies them, or null when the shop offers no discount
 * (rewards off, or a plan without the `discount` feature). Points from a loyalty app are the app's
 * (`LoyaltyPoints`, contracts/loyalty.ts): with `method: 'points'` this plugin issues no code.
 */
export interface RewardTermsView {
  method: 'discount' | 'points';
  typeDiscount: 'percentage' | 'fixed';
  /** a text review's value, and a review with at least `photoRequired` photos or videos */
  valueText: number;
  valuePhoto: number;
  /** characters a review needs to earn a code */
  charactersRequired: number;
  photoRequired: number;
  /** who earns one: every shopper with an email, or verified buyers only */
  eligibility: 'everyone' | 'verified';
  /** the code goes out once the review is stored, or once it is moderated (published or not) */
  sentWhen: 'submitted' | 'moderated';
  /** code, always: the rating and the words never change the reward, and every rewarded review is marked incentivized */
  ratingIgnored: true;
  markedIncentivized: true;
}

/** 'rewards.terms': the reward a shop offers for reviews now. */
export interface RewardTermsApi {
  terms(shopId: number): Promise<RewardTermsView | null>;
}
export const RewardTerms = defineCapability<RewardTermsApi>('rewards.terms');
