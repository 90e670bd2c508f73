// RewardSetup (contracts/rewards.ts): the reward in one step for the onboarding's discount step,
// through the same settings namespace and checks as the discount settings page (api/index.ts).
import createHttpError from 'http-errors';
import { z } from 'zod';
import { requiredTier, type KernelServices } from '@plaudit/kernel';
import type { RewardSetupApi, RewardSetupView } from '@plaudit/contracts/rewards';
import { LoyaltyPoints } from '@plaudit/contracts/loyalty';
import { POINTS_NEED_LOYALTY } from '../shared/loyalty';
import { discountFields, discountSettings, DISCOUNT_DEFAULTS, type DiscountSettings } from '../shared/settings';

const choice = discountFields.pick({ rewardingMethod: true, typeDiscount: true, charactersRequired: true, photoRequired: true }).extend({
  value: discountFields.shape.valueAll,
});

export function rewardSetup(services: KernelServices): RewardSetupApi {
  const settings = services.settings.namespace('rewards', discountSettings, DISCOUNT_DEFAULTS);
  const loyaltyConnected = async (shopId: number) => !!(await services.capabilities.get(LoyaltyPoints)?.connected(shopId));

  async function view(shopId: number): Promise<RewardSetupView> {
    const [s, shop, pointsAvailable] = await Promise.all([settings.get(shopId), services.shops.get(shopId), loyaltyConnected(shopId)]);
    return {
      enabled: s.enableDiscount,
      rewardingMethod: s.rewardingMethod,
      typeDiscount: s.typeDiscount,
      // one value: the page's single value, or the text reviews' when it keeps two
      value: s.valueMode === 'all' ? s.valueAll : s.valueText,
      charactersRequired: s.charactersRequired,
      photoRequired: s.photoRequired,
      allowed: !!shop && services.shops.allows(shop, 'discount'),
      tier: requiredTier('discount'),
      pointsAvailable,
    };
  }

  return {
    view,
    async turnOn(shopId, input) {
      const c = choice.parse(input);
      const shop = await services.shops.get(shopId);
      if (!shop || !services.shops.allows(shop, 'discount'))
        throw createHttpError(403, 'This feature needs the second tier', { code: 'PLAN_TIER_TOO_LOW', tier: requiredTier('discount'), feature: 'discount' });
      if (c.rewardingMethod === 'points' && !(await loyaltyConnected(shopId)))
        throw createHttpError(400, 'Validation failed', { errors: { rewardingMethod: POINTS_NEED_LOYALTY } });
      const patch: Partial<DiscountSettings> = {
        enableDiscount: true,
        rewardingMethod: c.rewardingMethod,
        typeDiscount: c.typeDiscount,
        valueMode: 'all',
        valueAll: c.value,
        charactersRequired: c.charactersRequired,
        photoRequired: c.photoRequired,
      };
      // the whole settings' rules (a percentage is at most 100), reported on the step's own field name
      const checked = discountSettings.safeParse({ ...(await settings.get(shopId)), ...patch });
      if (!checked.success) throw new z.ZodError(checked.error.issues.map((i) => (i.path[0] === 'valueAll' ? { ...i, path: ['value'] } : i)));
      await settings.update(shopId, patch);
      return view(shopId);
    },
  };
}
