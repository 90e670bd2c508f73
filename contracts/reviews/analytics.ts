// The reviews plugin's contract, its analytics part (contracts/reviews.ts gathers the parts).
import type { Tenant } from '@plaudit/kernel';
import type { AnalyticsSource, DayRange, ProductFacts } from '../analytics';
import { defineCapability } from '../define';

// --- 'reviews.analytics': the reviews' facts per local day (the analytics plugin's rollups) ---

/**
 * Per local day: reviews.count, reviews.rating_sum, reviews.stars1..5, reviews.with_photo,
 * reviews.with_video, reviews.source.<group>; by created_at, trash excluded. Reviews in the trash
 * count nowhere, so purging them marks nothing.
 */
export interface ReviewAnalyticsApi extends AnalyticsSource {
  /** per local day: each product's count and rating sum (product reviews only) */
  productDays(tenant: Tenant, range: DayRange): Promise<Record<string, ProductFacts[]>>;
  /** the latest title each product's reviews carry (products never titled are left out) */
  productTitles(tenant: Tenant, productKeys: string[]): Promise<Record<string, string>>;
}
export const ReviewAnalytics = defineCapability<ReviewAnalyticsApi>('reviews.analytics');
