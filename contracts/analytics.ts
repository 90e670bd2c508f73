// What an analytics source answers (issue 18): the shape the analytics plugin reads from every plugin
// that owns facts (`reviews.analytics`, `review-requests.analytics`, `rewards.analytics`,
// `questions.analytics`, each defined in its provider's contract as this source plus its own extras).
// The rollups are the source's to compute, analytics' to keep: "what are the facts of these local days".
import type { Tenant } from '@plaudit/kernel';

/** Where a shop's rows changed: the 15-minute UTC buckets of every date its facts are keyed by. */
export interface Touched {
  shopId: number;
  /** bucket starts (UTC). Every timezone offset is a multiple of 15 minutes, so a bucket lies in one local day anywhere. */
  buckets: Date[];
}

/** A local day's facts: metric name -> value (counts, sums). Names carry the source's prefix; a zero may be absent. */
export type DayFacts = Record<string, number>;

/** Per-product facts of a local day (product reviews only; the store's own reviews are not a product). */
export interface ProductFacts {
  productKey: string;
  count: number;
  ratingSum: number;
}

export interface DayRange {
  /** first local day, yyyy-mm-dd (inclusive) */
  from: string;
  /** last local day, yyyy-mm-dd (inclusive) */
  to: string;
  /** IANA timezone the days are in (the shop's) */
  timezone: string;
}

export interface AnalyticsSource {
  /**
   * A sweep across shops: the rows whose updated_at lies in (since, until], each reported by the
   * buckets of every date its facts are keyed by (so a fact that moves from one day to another
   * marks both). Must not miss a change; reporting more is harmless. A transaction that commits
   * after the sweep passed its mark is seen only by a later sweep reaching back: the caller lags `until`.
   */
  touched(since: Date, until: Date): Promise<Touched[]>;
  /** The complete facts of every local day in the range: a day without facts may be left out. */
  days(tenant: Tenant, range: DayRange): Promise<Record<string, DayFacts>>;
  /** Per-product facts of the range's days (only the reviews source has them). */
  productDays?(tenant: Tenant, range: DayRange): Promise<Record<string, ProductFacts[]>>;
  /** The first day with facts, for a rebuild's range; undefined when the shop has none. */
  firstDay(tenant: Tenant, timezone: string): Promise<string | undefined>;
}
