// `reviews.analytics` (issue 18): the facts of the shop's reviews per local day, for the analytics
// plugin's daily rollups. Plugins do not import each other: these types repeat, structurally, the
// source interface the analytics plugin reads (its shared/sources.ts).
import type { Tenant } from '@plaudit/kernel';

/** Where a shop's reviews changed: the 15-minute UTC buckets of their created_at (the key date). */
export interface Touched {
  shopId: number;
  buckets: Date[];
}

/** metric name -> value; a metric that is zero may be absent */
export type DayFacts = Record<string, number>;

/** One product's reviews of a local day. */
export interface ProductFacts { productKey: string; count: number; ratingSum: number }

/** Local days yyyy-mm-dd, both inclusive, in an IANA timezone (the shop's). */
export interface DayRange { from: string; to: string; timezone: string }

export interface ReviewsAnalytics {
  /**
   * Across shops: reviews whose updated_at lies in (since, until], plus reviews deleted or moved to
   * another created_at in that time, as the buckets of their created_at. Reviews in the trash count
   * nowhere, so purging them marks nothing. A transaction that commits after the sweep passed its
   * updated_at is seen only by a later sweep reaching back: the caller lags `until` behind now.
   */
  touched(since: Date, until: Date): Promise<Touched[]>;
  /**
   * Per local day of the range: reviews.count, reviews.rating_sum, reviews.stars1..5,
   * reviews.with_photo, reviews.with_video, reviews.source.<group>; by created_at, trash excluded.
   */
  days(tenant: Tenant, range: DayRange): Promise<Record<string, DayFacts>>;
  /** Per local day: each product's count and rating sum (product reviews only). */
  productDays(tenant: Tenant, range: DayRange): Promise<Record<string, ProductFacts[]>>;
  /** The local day of the shop's earliest counted review, undefined when it has none. */
  firstDay(tenant: Tenant, timezone: string): Promise<string | undefined>;
  /** The latest title each product's reviews carry (products never titled are left out). */
  productTitles(tenant: Tenant, productKeys: string[]): Promise<Record<string, string>>;
}
