// What the analytics plugin reads from the plugins that own the facts (issue 18). Each provider
// implements this structurally as its capability (`reviews.analytics`, `review-requests.analytics`,
// `rewards.analytics`, `questions.analytics`); analytics never reads their tables. The rollups are
// theirs to compute, ours to keep: a source answers "what are the facts of these local days",
// analytics stores them per day.
import type { Tenant } from '@plaudit/kernel';

/** Where a shop's rows changed: the 15-minute UTC buckets of every date its facts are keyed by. */
export interface Touched {
  shopId: number;
  /** bucket starts (UTC). Every timezone offset is a multiple of 15 minutes, so a bucket lies in one local day anywhere. */
  buckets: Date[];
}

/** A local day's facts: metric name -> value (counts, sums). Names carry the source's prefix. */
export type DayFacts = Record<string, number>;

/** Per-product facts of a local day (product reviews only; the store's own reviews are not a product). */
export interface ProductFacts { productKey: string; count: number; ratingSum: number }

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
   * marks both). Must not miss a change; reporting more is harmless.
   */
  touched(since: Date, until: Date): Promise<Touched[]>;
  /** The complete facts of every local day in the range: a day without facts may be left out. */
  days(tenant: Tenant, range: DayRange): Promise<Record<string, DayFacts>>;
  /** Per-product facts of the range's days (only the reviews source has them). */
  productDays?(tenant: Tenant, range: DayRange): Promise<Record<string, ProductFacts[]>>;
  /** The first day with facts, for a rebuild's range; undefined when the shop has none. */
  firstDay(tenant: Tenant, timezone: string): Promise<string | undefined>;
}

/** `reviews.analytics`: a source, plus the titles of products for the best and worst lists. */
export interface ReviewsAnalytics extends AnalyticsSource {
  productTitles(tenant: Tenant, productKeys: string[]): Promise<Record<string, string>>;
}

/** `review-requests.analytics`: a source, plus the click a landing page's UTM names (attribution). */
export interface RequestsAnalytics extends AnalyticsSource {
  /** when the queue entry's links were first clicked, undefined when never (or not the shop's) */
  clickedAt(tenant: Tenant, queueEntryId: number): Promise<Date | undefined>;
}

/** `rewards.analytics`: a source, plus which of an order's discount codes are review rewards. */
export interface RewardsAnalytics extends AnalyticsSource {
  rewardCodes(tenant: Tenant, codes: string[]): Promise<string[]>;
}

/**
 * The metric names each source reports (the screens read these). Counts unless said otherwise.
 * reviews:  reviews.count, reviews.rating_sum, reviews.stars1..reviews.stars5, reviews.with_photo,
 *           reviews.with_video, reviews.source.<customer|imported|marketplace|qr|guest|admin>
 *           (keyed by the review's created_at; reviews in the trash are not counted)
 * requests: requests.sent.email, requests.sent.push, requests.opened, requests.clicked,
 *           requests.reviewed, requests.photo, requests.reminded, requests.reviewed_after_reminder,
 *           requests.failed, requests.skipped.<reason>, requests.ttr.<bucket> (time from send to
 *           review, buckets of TTR_BUCKETS), requests.unsubscribed
 *           (a request's facts are keyed by the day it was sent, else the day it was queued: a cohort)
 * rewards:  rewards.sent (by sent_at), rewards.used (by used_at)
 * questions: questions.asked (by the question's created_at), questions.answered (questions with a
 *           published answer, by answered_at: the date of the first one)
 * orders (analytics' own): orders.attributed, orders.attributed_revenue, orders.reward,
 *           orders.reward_revenue (by the order's created_at)
 */
export const TTR_BUCKETS = [
  { key: 'h1', hours: 1 }, { key: 'h6', hours: 6 }, { key: 'd1', hours: 24 }, { key: 'd2', hours: 48 },
  { key: 'd4', hours: 96 }, { key: 'd7', hours: 168 }, { key: 'd14', hours: 336 }, { key: 'd30', hours: 720 }, { key: 'more', hours: Infinity },
] as const;
