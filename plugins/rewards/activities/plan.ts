// Whether a review earns a reward now, and which: the settings' rule (shared/settings.ts) applied to
// the review's facts, plus what the rule leaves to the moment: the shop, its plan, the review's state.
import type { ActivityDeps } from '@plaudit/kernel';
import { discountSettings, DISCOUNT_DEFAULTS, rewardFor, type DiscountSettings, type RewardKind } from '../shared/settings';
import { ReviewFacts } from '@plaudit/contracts/reviews';
import type { RewardInput } from '../workflows/messages';

export type Plan =
  | { action: 'wait' }
  | { action: 'stop'; reason: string }
  | { action: 'issue'; kind: RewardKind; value: number; typeDiscount: DiscountSettings['typeDiscount'] };

export const settingsOf = (deps: ActivityDeps) => deps.settings.namespace('rewards', discountSettings, DISCOUNT_DEFAULTS);

/**
 * `topUp`: the review was rewarded already and gained photos; only the photo reward is of interest.
 * With 'published' sending, a review held for moderation waits; once moderated the reward goes out
 * whatever the outcome (published or unpublished): a reward is never withheld for a review's
 * content (16 CFR 465.4). Only a deleted review (trash, or gone) cancels it.
 */
export async function planReward(deps: ActivityDeps, input: RewardInput, topUp = false): Promise<Plan> {
  const shop = await deps.shops.get(input.shopId);
  if (!shop || shop.uninstalled) return { action: 'stop', reason: 'shop_gone' };
  if (!deps.shops.allows(shop, 'discount')) return { action: 'stop', reason: 'plan' };
  const facts = await deps.capabilities.require(ReviewFacts).reviewFacts(deps.tenant(input.shopId, input.shopDomain), input.reviewId);
  if (!facts || facts.status === 'trash') return { action: 'stop', reason: 'review_gone' };
  // a shopper's own review only: not the merchant's, not an import
  if (facts.source !== 'customer' && facts.source !== 'guest') return { action: 'stop', reason: 'not_a_shopper' };
  const settings = await settingsOf(deps).get(input.shopId);
  // the rule gets the review's shape only, never its rating or words (16 CFR 465.4)
  const decision = rewardFor(settings, {
    contentLength: facts.content.trim().length,
    mediaCount: facts.mediaCount,
    hasEmail: !!facts.email,
    verified: facts.verified,
  });
  if (!decision.kind) return { action: 'stop', reason: decision.reason };
  if (topUp && decision.kind !== 'photo') return { action: 'stop', reason: 'no_top_up' };
  if (!topUp && settings.sendingMethod === 'published' && facts.status === 'pending') return { action: 'wait' };
  return { action: 'issue', kind: decision.kind, value: decision.value, typeDiscount: settings.typeDiscount };
}
