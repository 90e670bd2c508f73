import type { Tenant } from '@plaudit/kernel';

/**
 * What billing relies on in the review-requests plugin's 'review-requests.quota' capability (optional:
 * without it the page shows no request count): this month's requests, in the shop's timezone.
 */
export interface RequestQuota {
  monthly(tenant: Tenant, shop: { plan: string; timezone: string }): Promise<{ limit: number | null; used: number; left: number | null }>;
}
