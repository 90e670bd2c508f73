// Pure parts of analytics: local days across DST and offsets, periods, the median from the
// time-to-review histogram, and which landing pages name a review request.
import { addDays, consecutiveRuns, localDay } from '../shared/days';
import { periodQuery, resolvePeriod } from '../shared/period';
import { medianHours } from '../api/figures';
import { requestOfLanding, withinWindow } from '../activities/orders';
import { bucketsOf, productRange, splitPeriod } from '../db/read';

test('local days follow the timezone, including half-hour offsets and DST changes', () => {
  const at = new Date('2026-11-03T04:30:00Z');
  expect(localDay(at, 'America/New_York')).toBe('2026-11-02');
  expect(localDay(at, 'UTC')).toBe('2026-11-03');
  expect(localDay(new Date('2026-11-02T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-11-02');
  expect(localDay(new Date('2026-11-02T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-03');
  // the US DST change on 2026-11-01 neither skips nor repeats a day
  expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
  expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
  expect(consecutiveRuns(['2026-01-03', '2026-01-01', '2026-01-02', '2026-01-05', '2026-01-02'])).toEqual([
    { from: '2026-01-01', to: '2026-01-03' },
    { from: '2026-01-05', to: '2026-01-05' },
  ]);
});

test('periods end today in the shop timezone and compare with the same number of days before', () => {
  const now = new Date('2026-11-27T03:00:00Z');
  expect(resolvePeriod({ period: '7d' }, 'America/Los_Angeles', now)).toEqual({
    from: '2026-11-20',
    to: '2026-11-26',
    previous: { from: '2026-11-13', to: '2026-11-19' },
    granularity: 'day',
  });
  expect(resolvePeriod({ period: '12m' }, 'UTC', now)).toMatchObject({ from: '2025-11-28', to: '2026-11-27', granularity: 'month' });
  expect(resolvePeriod({ period: '90d' }, 'UTC', now).granularity).toBe('week');
  expect(periodQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
  expect(periodQuery.safeParse({ from: '2026-13-01', to: '2026-01-01' }).success).toBe(false);
  expect(periodQuery.safeParse({ from: '2026-01-01', to: 'tomorrow' }).success).toBe(false);
  expect(periodQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  expect(periodQuery.safeParse({ period: '5d' }).success).toBe(false);
  expect(periodQuery.safeParse({ from: '2020-01-01', to: '2026-01-01' }).success).toBe(false);
});

test('chart buckets start on Mondays for weeks and cover the period', () => {
  expect(bucketsOf('2026-11-04', '2026-11-20', 'week')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  expect(bucketsOf('2026-01-15', '2026-03-02', 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  expect(productRange('2025-11-28', '2026-11-27')).toMatchObject({ table: 'analytics_product_monthly', from: '2025-11-01', to: '2026-11-30' });
  expect(productRange('2026-10-29', '2026-11-27')).toMatchObject({ table: 'analytics_product_daily', from: '2026-10-29' });
});

test('the median time to review is interpolated inside its histogram bucket', () => {
  expect(medianHours({})).toBeNull();
  // 4 reviews within an hour, 4 between 1 and 6 hours: the middle one is at the first bucket's end
  expect(medianHours({ 'requests.ttr.h1': 4, 'requests.ttr.h6': 4 })).toBe(1);
  expect(medianHours({ 'requests.ttr.d1': 2 })).toBe(15);
  expect(medianHours({ 'requests.ttr.more': 3 })).toBe(720);
});

test('a landing page names a request by its UTM parameters; the window is 7 days after the click', () => {
  expect(requestOfLanding('/products/shirt?utm_source=plaudit&utm_medium=email&utm_campaign=review_request&utm_content=42')).toBe(42);
  expect(requestOfLanding('https://shop.example/?utm_content=42&utm_source=plaudit')).toBe(42);
  expect(requestOfLanding('/?utm_source=other&utm_content=42')).toBeUndefined();
  expect(requestOfLanding('/?utm_source=plaudit&utm_content=abc')).toBeUndefined();
  expect(requestOfLanding(null)).toBeUndefined();
  expect(requestOfLanding('http://[bad')).toBeUndefined();
  const click = new Date('2026-11-01T10:00:00Z');
  expect(withinWindow(click, new Date('2026-11-08T10:00:00Z'))).toBe(true);
  expect(withinWindow(click, new Date('2026-11-08T10:00:01Z'))).toBe(false);
  // created_at has whole seconds: an order stamped within a minute before the click followed it
  expect(withinWindow(click, new Date('2026-11-01T09:59:59Z'))).toBe(true);
  expect(withinWindow(click, new Date('2026-11-01T09:58:59Z'))).toBe(false);
});

test('a period reads whole months from the monthly rollups and its edge days from the daily ones', () => {
  expect(splitPeriod('2025-11-28', '2026-11-27')).toEqual({
    months: { from: '2025-12-01', to: '2026-10-01' },
    edges: [
      { from: '2025-11-28', to: '2025-11-30' },
      { from: '2026-11-01', to: '2026-11-27' },
    ],
  });
  expect(splitPeriod('2026-01-01', '2026-03-31')).toEqual({ months: { from: '2026-01-01', to: '2026-03-01' }, edges: [] });
  expect(splitPeriod('2026-01-05', '2026-01-20')).toEqual({ months: null, edges: [{ from: '2026-01-05', to: '2026-01-20' }] });
  expect(splitPeriod('2026-01-05', '2026-02-28')).toEqual({
    months: { from: '2026-02-01', to: '2026-02-01' },
    edges: [{ from: '2026-01-05', to: '2026-01-31' }],
  });
});
