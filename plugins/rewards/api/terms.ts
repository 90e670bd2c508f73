// RewardTerms (contracts/rewards.ts): the reward a shop offers now, as shoppers may be told. The
// same reading as the reward workflow's (activities/plan.ts): off, or below the plan's tier, is no offer.
import type { KernelServices } from '@plaudit/kernel';
import type { RewardTermsApi } from '@plaudit/contracts/rewards';
import { discountSettings, DISCOUNT_DEFAULTS } from '../shared/settings';

export function rewardTerms(services: KernelServices): RewardTermsApi {
  const settings = services.settings.namespace('rewards', discountSettings, DISCOUNT_DEFAULTS);
  return {
    async terms(shopId) {
      const [s, shop] = await Promise.all([settings.get(shopId), services.shops.get(shopId)]);
      if (!s.enableDiscount || !shop || !services.shops.allows(shop, 'discount')) return null;
      const separate = s.valueMode === 'separate';
      return {
        method: s.rewardingMethod,
        typeDiscount: s.typeDiscount,
        valueText: separate ? s.valueText : s.valueAll,
        valuePhoto: separate ? s.valuePhoto : s.valueAll,
        charactersRequired: s.charactersRequired,
        photoRequired: s.photoRequired,
        eligibility: s.customerEligibility,
        sentWhen: s.sendingMethod === 'published' ? 'moderated' : 'submitted',
        // shared/settings.ts rewardFor is given neither; activities mark every rewarded review
        ratingIgnored: true,
        markedIncentivized: true,
      };
    },
  };
}
