// What the page states, read from the providers' contracts only (each optional): the reviews
// plugin's rules, the reward offered, a loyalty app's points, the marketplace imports' star filters
// and the widgets' badge setting. Nothing here is a default of our own: a fact nobody states is left out.
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { ImportHistory, type MarketplaceImportFilter } from '@plaudit/contracts/imports';
import { LoyaltyPoints } from '@plaudit/contracts/loyalty';
import { ReviewPolicy, type ReviewPolicyView } from '@plaudit/contracts/reviews';
import { RewardTerms, type RewardTermsView } from '@plaudit/contracts/rewards';
import { verifiedBadgeShown } from './capability';

export interface DisclosureFacts {
  /** null without the reviews plugin */
  policy: ReviewPolicyView | null;
  /** undefined: no widgets plugin said */
  verifiedBadge: boolean | undefined;
  /** the discount offered, null when none */
  reward: RewardTermsView | null;
  /** the loyalty app whose points published reviews earn, null when none is connected */
  loyaltyApp: string | null;
  marketplaceFilters: MarketplaceImportFilter[];
}

export async function disclosureFacts(services: Pick<KernelServices, 'capabilities'>, tenant: Tenant): Promise<DisclosureFacts> {
  const { capabilities } = services;
  const loyalty = capabilities.get(LoyaltyPoints);
  const [policy, verifiedBadge, reward, loyaltyConnected, marketplaceFilters] = await Promise.all([
    capabilities.get(ReviewPolicy)?.policy(tenant) ?? null,
    verifiedBadgeShown(services, tenant.shopId),
    capabilities.get(RewardTerms)?.terms(tenant.shopId) ?? null,
    loyalty?.connected(tenant.shopId) ?? false,
    capabilities.get(ImportHistory)?.marketplaceFilters(tenant) ?? [],
  ]);
  return { policy, verifiedBadge, reward, loyaltyApp: loyalty && loyaltyConnected ? loyalty.label : null, marketplaceFilters };
}
