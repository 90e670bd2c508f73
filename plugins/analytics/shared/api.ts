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
  /**
   * Reviews each channel holds now (plugins/syndication, issue 34): a count at this moment, not of the
   * period; a channel the shop does not send to and never did is left out; null without the plugin.
   */
  syndicated: { channel: 'shopify' | 'google'; reviews: number }[] | null;
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
  /** complaints by topic rising and falling against the period before (plugins/insights); null without */
  topics: TopicTrends | null;
}

/** One topic's complaints (negative mentions of published reviews, on the day they were written). */
export interface TopicTrend {
  /** the language-neutral id ('fit'); its name: contracts/insights.ts `topicLabelKey` */
  topic: string;
  negative: number;
  /** in the period before, of the same length */
  previousNegative: number;
  /** the period's positive mentions, for scale */
  positive: number;
  /** complaints per chart bucket, in the order of `TopicTrends.buckets` */
  series: number[];
}

export interface TopicTrends {
  /** the chart's buckets (their first days), as the rating series' */
  buckets: string[];
  /** the topics whose complaints grew most against the period before, most first (at most TREND_TOPICS) */
  rising: TopicTrend[];
  /** those whose complaints fell most, most first */
  falling: TopicTrend[];
  /** every topic's complaints in the period and the one before, most complaints first (the table, the CSV) */
  all: TopicTrend[];
}

/** topics drawn per chart: more lines than this cannot be told apart */
export const TREND_TOPICS = 5;

export interface FunnelStep {
  step: 'sent' | 'opened' | 'clicked' | 'reviewed' | 'photo';
  count: number /** of the step before (sent: null) */;
  rate: number | null;
}

/** The channels a request can go by (issue 32): the request itself by email, SMS or WhatsApp; push reminders. */
export type FunnelChannel = 'email' | 'sms' | 'whatsapp' | 'push';
export const FUNNEL_CHANNELS: readonly FunnelChannel[] = ['email', 'sms', 'whatsapp', 'push'];

/**
 * The funnel of the requests a channel carried (a cohort by the day sent, like the funnel). null: the
 * channel cannot tell (email and push have no delivery receipts; a push entry is not what is reviewed).
 */
export interface ChannelFunnel {
  channel: FunnelChannel;
  sent: number;
  delivered: number | null;
  clicked: number;
  /** a star clicked in the email (or the review page opened with a rating) */
  started: number | null;
  reviewed: number | null;
  /** reviewed / sent */
  reviewRate: number | null;
}

/** What the text messages of the period cost, as their providers reported it (README "Costs"). */
export interface ChannelCost {
  channel: 'sms' | 'whatsapp';
  /** messages the providers accepted in the period */
  messages: number;
  /** the amounts reported (Twilio), per currency: their total and the average per priced message */
  amounts: { currency: string; messages: number; total: number; perMessage: number }[];
  /** Meta's billable messages per pricing category: Meta reports no amount */
  billable: { category: string; count: number }[];
  /** messages Meta said are free */
  free: number;
  /** messages with no amount: Meta's, and Twilio's whose price was not known yet */
  unpriced: number;
}

export interface EmailAnswer extends PeriodInfo {
  funnel: FunnelStep[];
  /** email always; the others when they carried a request in the period */
  channels: ChannelFunnel[];
  /** null without the messaging plugin */
  costs: ChannelCost[] | null;
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
