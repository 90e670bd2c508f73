// Rising and falling complaints (the rating screen's topics cards): the insights plugin's mentions per
// local day (InsightsAnalytics, read as they are: it keeps no rollups here) for the period and the one
// before, in one call, summed per topic and per chart bucket.
import type { Tenant } from '@plaudit/kernel';
import type { InsightsAnalyticsApi, TopicDay } from '@plaudit/contracts/insights';
import { bucketsOf } from '../db/read';
import { addDays, monthStart } from '../shared/days';
import { type PeriodInfo, TREND_TOPICS, type TopicTrend, type TopicTrends } from '../shared/api';

type Period = Pick<PeriodInfo, 'from' | 'to' | 'previous' | 'granularity' | 'timezone'>;

/** the bucket (its first day) a day falls in: itself, its week's Monday or its month's first */
export function bucketOf(day: string, granularity: PeriodInfo['granularity']): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return monthStart(day);
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** the trends of these days' mentions (the period's and the one before) */
export function topicTrends(days: TopicDay[], period: Period): TopicTrends {
  const buckets = bucketsOf(period.from, period.to, period.granularity);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const byTopic = new Map<string, TopicTrend>();
  for (const d of days) {
    const t = byTopic.get(d.topic) ?? { topic: d.topic, negative: 0, previousNegative: 0, positive: 0, series: buckets.map(() => 0) };
    byTopic.set(d.topic, t);
    if (d.day < period.from) t.previousNegative += d.negative;
    else {
      t.negative += d.negative;
      t.positive += d.positive;
      t.series[index.get(bucketOf(d.day, period.granularity))!] += d.negative;
    }
  }
  const complained = [...byTopic.values()].filter((t) => t.negative + t.previousNegative > 0);
  const change = (t: TopicTrend) => t.negative - t.previousNegative;
  // ties: the more complained-of first, then by id (a stable order)
  const order = (a: TopicTrend, b: TopicTrend) => b.negative - a.negative || a.topic.localeCompare(b.topic);
  return {
    buckets,
    rising: complained
      .filter((t) => change(t) > 0)
      .sort((a, b) => change(b) - change(a) || order(a, b))
      .slice(0, TREND_TOPICS),
    falling: complained
      .filter((t) => change(t) < 0)
      .sort((a, b) => change(a) - change(b) || order(a, b))
      .slice(0, TREND_TOPICS),
    all: complained.sort(order),
  };
}

/** the period's trends, null without the insights plugin */
export async function periodTopics(insights: InsightsAnalyticsApi | undefined, tenant: Tenant, period: Period): Promise<TopicTrends | null> {
  if (!insights) return null;
  const days = await insights.topicsOverTime(tenant, { from: period.previous.from, to: period.to, timezone: period.timezone });
  return topicTrends(days, period);
}
