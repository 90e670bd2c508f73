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
