// `rewards.analytics` (issue 18): the shop's reward codes sent and used per local day, and which of
// an order's discount codes are reward codes, for the analytics plugin. Plugins do not import each
// other: these types repeat, structurally, the source interface the analytics plugin reads.
import type { Tenant } from '@plaudit/kernel';

/** Where a shop's rewards changed: the 15-minute UTC buckets of their sent_at and used_at. */
export interface Touched {
  shopId: number;
  buckets: Date[];
}

/** rewards.sent (by sent_at), rewards.used (by used_at); a metric that is zero may be absent */
export type DayFacts = Record<string, number>;

/** Local days yyyy-mm-dd, both inclusive, in an IANA timezone (the shop's). */
export interface DayRange { from: string; to: string; timezone: string }

export interface RewardsAnalytics {
  /**
   * Across shops: rewards whose updated_at lies in (since, until], as the buckets of their sent_at
   * and used_at. A transaction that commits after the sweep passed its updated_at is seen only by a
   * later sweep reaching back: the caller lags `until` behind now.
   */
  touched(since: Date, until: Date): Promise<Touched[]>;
  /**
   * Per local day of the range: codes sent (those the settings page counts as issued: sent, used or
   * expired; a code topped up by a photo reward, or cancelled with its review, is not) and codes used.
   */
  days(tenant: Tenant, range: DayRange): Promise<Record<string, DayFacts>>;
  /** The local day of the shop's first sent or used code, undefined when it has none. */
  firstDay(tenant: Tenant, timezone: string): Promise<string | undefined>;
  /** Which of the given discount codes (any case) are this shop's reward codes, as given. */
  rewardCodes(tenant: Tenant, codes: string[]): Promise<string[]>;
}
