// The three screens' answers, from the rollups only (shared/api.ts describes them).
import type { KernelServices, Tenant } from '@plaudit/kernel';
import { bucketsOf, productRange, rankProducts, series, totals } from '../db/read';
import {
  ATTRIBUTION_WINDOW_DAYS,
  type EmailAnswer,
  type Figure,
  type OverviewAnswer,
  type PeriodInfo,
  type ProductRank,
  type RatingAnswer,
  type RatingPoint,
} from '../shared/api';
import { QuestionsAnalytics } from '@plaudit/contracts/questions';
import { RewardsAnalytics } from '@plaudit/contracts/rewards';
import { ReviewAnalytics } from '@plaudit/contracts/reviews';
import { ReviewQuestions } from '@plaudit/contracts/review-questions';
import { InsightsAnalytics } from '@plaudit/contracts/insights';
import { MessagingAnalytics } from '@plaudit/contracts/messaging';
import { type SyndicationChannel, SyndicationCounts } from '@plaudit/contracts/syndication';
import { channelCosts, channelFunnels } from './channels';
import { figuresOf, get, ratio, requestsSent } from './figures';
import { periodTopics } from './topics';

type Services = Pick<KernelServices, 'knex' | 'capabilities'>;
type Base = Omit<PeriodInfo, never>;

export async function overview(services: Services, tenant: Tenant, period: Base): Promise<OverviewAnswer> {
  const [now, before] = await Promise.all([
    totals(services.knex, tenant, period.from, period.to),
    totals(services.knex, tenant, period.previous.from, period.previous.to),
  ]);
  const a = figuresOf(now);
  const b = figuresOf(before);
  const figures = Object.fromEntries(
    Object.keys(a).map((k) => [k, { value: a[k as keyof typeof a], previous: b[k as keyof typeof b] } satisfies Figure]),
  ) as OverviewAnswer['figures'];
  const compared = (metric: string): Figure => ({ value: get(now, metric), previous: get(before, metric) });
  const questions = services.capabilities.has(QuestionsAnalytics) ? { asked: compared('questions.asked'), answered: compared('questions.answered') } : null;
  return { ...period, figures, questions, syndicated: await syndicated(services, tenant) };
}

/** The reviews each channel holds now, read from the syndication plugin as they are (no rollup). */
async function syndicated(services: Services, tenant: Tenant): Promise<OverviewAnswer['syndicated']> {
  const counts = await services.capabilities.get(SyndicationCounts)?.counts(tenant);
  if (!counts) return null;
  return (Object.entries(counts) as [SyndicationChannel, (typeof counts)[SyndicationChannel]][])
    .filter(([, c]) => c.on || c.synced > 0)
    .map(([channel, c]) => ({ channel, reviews: c.synced }));
}

const STARS = [1, 2, 3, 4, 5].map((n) => `reviews.stars${n}`);
const MARKETPLACE_SOURCES = ['customer', 'imported', 'marketplace', 'qr', 'guest', 'admin'] as const;

export async function rating(services: Services, tenant: Tenant, period: Base): Promise<RatingAnswer> {
  const [t, perBucket, best, worst, questions, topics] = await Promise.all([
    totals(services.knex, tenant, period.from, period.to),
    series(services.knex, tenant, period.from, period.to, period.granularity, ['reviews.count', 'reviews.rating_sum', ...STARS]),
    rankProducts(tenant, period.from, period.to, 'desc'),
    rankProducts(tenant, period.from, period.to, 'asc'),
    // the custom questions' answers of the period, read from their plugin as they are (no rollup)
    services.capabilities.get(ReviewQuestions)?.periodAnswers(tenant, { from: period.from, to: period.to, timezone: period.timezone }) ?? [],
    // complaints by topic against the period before (plugins/insights), read as they are too
    periodTopics(services.capabilities.get(InsightsAnalytics), tenant, period),
  ]);
  const points: RatingPoint[] = bucketsOf(period.from, period.to, period.granularity).map((bucket) => {
    const b = perBucket[bucket] ?? {};
    const count = get(b, 'reviews.count');
    const [stars1, stars2, stars3, stars4, stars5] = STARS.map((m) => get(b, m));
    return { bucket, count, average: ratio(get(b, 'reviews.rating_sum'), count), stars1, stars2, stars3, stars4, stars5 };
  });
  const titled = await titles(
    services,
    tenant,
    [...best, ...worst].map((p) => p.productKey),
  );
  const withTitle = (list: Omit<ProductRank, 'title'>[]) => list.map((p) => ({ ...p, title: titled[p.productKey] ?? p.productKey }));
  const count = get(t, 'reviews.count');
  const range = productRange(period.from, period.to);
  return {
    ...period,
    series: points,
    sources: Object.fromEntries(MARKETPLACE_SOURCES.map((s) => [s, get(t, `reviews.source.${s}`)])) as RatingAnswer['sources'],
    best: withTitle(best),
    // a product among the best is not repeated among the worst (a shop with few products)
    worst: withTitle(worst.filter((w) => !best.some((b) => b.productKey === w.productKey))),
    productRange: { from: range.from, to: range.to },
    positiveShare: ratio(get(t, 'reviews.stars4') + get(t, 'reviews.stars5'), count),
    negativeShare: ratio(get(t, 'reviews.stars1') + get(t, 'reviews.stars2'), count),
    questions,
    topics,
  };
}

async function titles(services: Services, tenant: Tenant, keys: string[]): Promise<Record<string, string>> {
  const reviews = services.capabilities.get(ReviewAnalytics);
  return keys.length && reviews ? reviews.productTitles(tenant, [...new Set(keys)]) : {};
}

const FUNNEL = [
  ['sent', null],
  ['opened', 'requests.opened'],
  ['clicked', 'requests.clicked'],
  ['reviewed', 'requests.reviewed'],
  ['photo', 'requests.photo'],
] as const;

export async function email(services: Services, tenant: Tenant, period: Base): Promise<EmailAnswer> {
  const t = await totals(services.knex, tenant, period.from, period.to);
  const counts = FUNNEL.map(([, metric]) => (metric ? get(t, metric) : requestsSent(t)));
  const skipped = Object.entries(t)
    .filter(([m, v]) => m.startsWith('requests.skipped.') && v > 0)
    .map(([m, count]) => ({ reason: m.slice('requests.skipped.'.length), count }))
    .sort((a, b) => b.count - a.count);
  const hasRewards = services.capabilities.has(RewardsAnalytics);
  const hasMessaging = services.capabilities.has(MessagingAnalytics);
  return {
    ...period,
    funnel: FUNNEL.map(([step], i) => ({ step, count: counts[i], rate: i ? ratio(counts[i], counts[i - 1]) : null })),
    channels: channelFunnels(t, hasMessaging),
    costs: hasMessaging ? channelCosts(t) : null,
    reminders: {
      reminded: get(t, 'requests.reminded'),
      reviewedAfterReminder: get(t, 'requests.reviewed_after_reminder'),
      shareOfReviews: ratio(get(t, 'requests.reviewed_after_reminder'), get(t, 'requests.reviewed')),
    },
    failed: get(t, 'requests.failed'),
    skipped,
    unsubscribed: get(t, 'requests.unsubscribed'),
    rewards: hasRewards
      ? { sent: get(t, 'rewards.sent'), used: get(t, 'rewards.used'), orders: get(t, 'orders.reward'), revenue: get(t, 'orders.reward_revenue') }
      : null,
    attribution: { orders: get(t, 'orders.attributed'), revenue: get(t, 'orders.attributed_revenue'), windowDays: ATTRIBUTION_WINDOW_DAYS },
  };
}
