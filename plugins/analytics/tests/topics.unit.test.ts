// Rising and falling complaints from the insights plugin's mentions per day (api/topics.ts): the
// period and the one before told apart, days summed into the chart's buckets, the order of each list.
import type { TopicDay } from '@plaudit/contracts/insights';
import { bucketOf, topicTrends } from '../api/topics';
import { TREND_TOPICS } from '../shared/api';

const day = (d: string, topic: string, negative: number, positive = 0): TopicDay => ({ day: d, topic, negative, positive });
const WEEKS = { from: '2026-10-07', to: '2026-11-10', previous: { from: '2026-09-02', to: '2026-10-06' }, granularity: 'week' as const, timezone: 'UTC' };

test("a day's bucket is itself, its week's Monday or its month's first day", () => {
  expect(bucketOf('2026-10-08', 'day')).toBe('2026-10-08');
  expect(bucketOf('2026-10-08', 'week')).toBe('2026-10-05');
  expect(bucketOf('2026-10-05', 'week')).toBe('2026-10-05');
  expect(bucketOf('2026-10-11', 'week')).toBe('2026-10-05');
  expect(bucketOf('2026-10-31', 'month')).toBe('2026-10-01');
});

test('complaints are compared with the period before; the days are summed per week', () => {
  const trends = topicTrends(
    [
      day('2026-09-10', 'delivery', 3),
      day('2026-09-10', 'fit', 1),
      day('2026-10-07', 'fit', 2, 5),
      day('2026-10-11', 'fit', 1),
      day('2026-11-10', 'fit', 1),
      day('2026-10-20', 'delivery', 1),
      // praise alone is no complaint: listed nowhere
      day('2026-10-20', 'smell', 0, 4),
    ],
    WEEKS,
  );
  expect(trends.buckets).toEqual(['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09']);
  const fit = { topic: 'fit', negative: 4, previousNegative: 1, positive: 5, series: [3, 0, 0, 0, 0, 1] };
  const delivery = { topic: 'delivery', negative: 1, previousNegative: 3, positive: 0, series: [0, 0, 1, 0, 0, 0] };
  expect(trends).toEqual({ buckets: trends.buckets, rising: [fit], falling: [delivery], all: [fit, delivery] });
});

test('the lists hold the largest changes first, at most TREND_TOPICS; an unchanged topic is in neither', () => {
  const topics = ['battery', 'comfort', 'fit', 'look', 'smell', 'sound', 'taste'];
  const days = topics.flatMap((t, i) => [day('2026-10-08', t, i + 1)]);
  days.push(day('2026-09-08', 'value', 2), day('2026-10-08', 'value', 2));
  const trends = topicTrends(days, WEEKS);
  expect(trends.rising.map((t) => t.topic)).toEqual(['taste', 'sound', 'smell', 'look', 'fit']);
  expect(trends.rising).toHaveLength(TREND_TOPICS);
  expect(trends.falling).toEqual([]);
  expect(trends.all.map((t) => t.topic)).toEqual(['taste', 'sound', 'smell', 'look', 'fit', 'comfort', 'value', 'battery']);
});
