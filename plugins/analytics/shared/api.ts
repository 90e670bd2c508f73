// The analytics API's answers (GET /api/analytics/overview | rating | email), shared by the routes
// and the admin screens. Query: `period=7d|30d|90d|12m` (ending today in the shop's timezone) or
// `from=yyyy-mm-dd&to=yyyy-mm-dd` (local days, inclusive, at most 3 years).
import type { AnswerDistribution } from '@plaudit/contracts/review-questions';
export const PERIODS = ['7d', '30d', '90d', '12m'] as const;
export type Period = (typeof PERIODS)[number];

export interface PeriodInfo {
  from: string;
  to: string;
  /** the same number of days just before `from` */
  previous: { from: string; to: string };
  timezone: string;
  /** the charts' buckets: a day up to 31 days, a week (starting Monday) up to 92, else a month */
  granularity: 'day' | 'week' | 'month';
  /** 'rebuilding' while the shop's history is being counted (first visit, timezone change) */
  status: 'ready' | 'rebuilding';
  /** the shop's currency for revenue figures */
  currency: string;
}

/** A figure and its value in the previous period (null when not defined, e.g. no reviews to average). */
export interface Figure {
  value: number | null;
  previous: number | null;
}

export interface OverviewAnswer extends PeriodInfo {
  figures: {
    reviews: Figure;
    averageRating: Figure;
    /** requests sent in the period that led to a review, / requests sent in the period */
    reviewRate: Figure;
    photoRate: Figure;
    videoRate: Figure;
    requestsSent: Figure;
    /** median hours from send to review, estimated within its TTR bucket */
    medianHoursToReview: Figure;
    attributedOrders: Figure;
    attributedRevenue: Figure;
  };
  /** null when the questions plugin is not installed: questions asked, and answered (by the answer's date) */
  questions: { asked: Figure; answered: Figure } | null;
}

export interface RatingPoint {
  /** the bucket's first day, yyyy-mm-dd */
  bucket: string;
  count: number;
  /** null when the bucket has no reviews */
  average: number | null;
  stars1: number;
  stars2: number;
  stars3: number;
  stars4: number;
  stars5: number;
}

export interface ProductRank {
  productKey: string;
  title: string;
  count: number;
  average: number;
}

export interface RatingAnswer extends PeriodInfo {
  series: RatingPoint[];
  sources: { customer: number; imported: number; marketplace: number; qr: number; guest: number; admin: number };
  /** best and worst by average, among products with at least MIN_PRODUCT_REVIEWS reviews in the range */
  best: ProductRank[];
  worst: ProductRank[];
  /** the days the product ranking covers: the period, or the whole months it touches when longer than 92 days */
  productRange: { from: string; to: string };
  positiveShare: number | null;
  negativeShare: number | null;
  /** how reviewers answered the shop's custom questions in the period (plugins/review-questions); empty without */
  questions: AnswerDistribution[];
}

export interface FunnelStep {
  step: 'sent' | 'opened' | 'clicked' | 'reviewed' | 'photo';
  count: number /** of the step before (sent: null) */;
  rate: number | null;
}

export interface EmailAnswer extends PeriodInfo {
  funnel: FunnelStep[];
  channels: { channel: 'email' | 'push'; sent: number }[];
  reminders: { reminded: number; reviewedAfterReminder: number; shareOfReviews: number | null };
  failed: number;
  skipped: { reason: string; count: number }[];
  unsubscribed: number;
  /** null when the rewards plugin is not installed */
  rewards: { sent: number; used: number; orders: number; revenue: number } | null;
  attribution: { orders: number; revenue: number; windowDays: number };
}

export const MIN_PRODUCT_REVIEWS = 3;
export const ATTRIBUTION_WINDOW_DAYS = 7;
