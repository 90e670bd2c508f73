// Whether the customer used the code (Shopify counts uses asynchronously: `asyncUsageCount`), a
// top-up's replacement of an unused text code, and a reward's final state.
import type { ActivityDeps } from '@plaudit/kernel';
import { rewardById, setStatus } from '../db/rewards';
import type { RewardInput } from '../workflows/messages';

export async function checkUsage(deps: ActivityDeps, input: RewardInput, rewardId: number): Promise<{ used: boolean }> {
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const reward = await rewardById(tenant, rewardId);
  if (!reward?.discountId) return { used: false };
  if (reward.status === 'used') return { used: true };
  const usage = await deps.platform!.adminApi(input.shopDomain).discountUsage(reward.discountId);
  const used = (usage?.asyncUsageCount ?? 0) > 0;
  if (used) await setStatus(tenant, rewardId, 'used', { usedAt: new Date() });
  return { used };
}

/** Replaces an unused code by deleting it in Shopify; false when it was used (it was the reward). */
export async function replaceReward(deps: ActivityDeps, input: RewardInput, rewardId: number): Promise<boolean> {
  if ((await checkUsage(deps, input, rewardId)).used) return false;
  const tenant = deps.tenant(input.shopId, input.shopDomain);
  const reward = await rewardById(tenant, rewardId);
  if (reward?.discountId && reward.status !== 'replaced') {
    const api = deps.platform!.adminApi(input.shopDomain);
    if (await api.discountUsage(reward.discountId)) await api.deleteDiscount(reward.discountId);
    await setStatus(tenant, rewardId, 'replaced');
  }
  return true;
}

/** At expiry: used, or expired. */
export async function settleReward(deps: ActivityDeps, input: RewardInput, rewardId: number): Promise<'used' | 'expired'> {
  if ((await checkUsage(deps, input, rewardId)).used) return 'used';
  await setStatus(deps.tenant(input.shopId, input.shopDomain), rewardId, 'expired');
  return 'expired';
}
