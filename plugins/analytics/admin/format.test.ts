import {
  figureChange,
  formatBucket,
  formatChange,
  formatCurrency,
  formatDay,
  formatDayRange,
  formatHours,
  formatNumber,
  formatPercent,
  formatRating,
} from './format';
import { formatters } from './formatters';

// Intl separates some units with a narrow no-break space: compare on plain spaces
const plain = (s: string) => s.replace(/[\u00a0\u2009\u202f]/g, ' ');

test('numbers, shares, money and ratings follow the admin language', () => {
  expect(formatNumber('en', 12345.67)).toBe('12,345.7');
  expect(plain(formatNumber('de', 12345.67))).toBe('12.345,7');
  expect(formatPercent('en', 0.4567)).toBe('45.7%');
  expect(plain(formatPercent('fr', 0.4567))).toBe('45,7 %');
  expect(formatCurrency('en', 'USD', 1234.5)).toBe('$1,234.50');
  expect(plain(formatCurrency('de', 'EUR', 1234.5))).toBe('1.234,50 €');
  expect(formatCurrency('ja', 'JPY', 1234)).toBe('￥1,234');
  expect(formatRating('en', 4)).toBe('4.0');
  expect(formatRating('de', 4.256)).toBe('4,26');
});

test('a duration reads in hours below two days and in days from there', () => {
  expect(formatHours('en', 5.5)).toBe('5.5 hours');
  expect(formatHours('en', 72)).toBe('3 days');
  expect(formatHours('de', 1)).toBe('1 Stunde');
});

test('days are the shop calendar days, never moved by the admin timezone', () => {
  expect(formatDay('en', '2026-03-01')).toBe('Mar 1, 2026');
  expect(formatDay('fr', '2026-03-01')).toBe('1 mars 2026');
  expect(plain(formatDayRange('en', '2026-03-01', '2026-03-30'))).toBe('Mar 1 – 30, 2026');
});

test('a bucket is written per granularity: day, week (with "week of") and month', () => {
  expect(formatBucket('en', '2026-03-02', 'day')).toBe('Mar 2');
  expect(formatBucket('en', '2026-03-02', 'week', true)).toBe('Mar 2, 2026');
  expect(formatBucket('en', '2026-03-01', 'month')).toBe('Mar 2026');
  expect(formatBucket('de', '2026-03-01', 'month')).toBe('März 2026');
  const fmt = formatters('en', 'USD', (key, options) => (key === 'analytics:bucket.week' ? `Week of ${(options as { date: string }).date}` : key));
  expect(fmt.bucket('2026-03-02', 'week')).toBe('Week of Mar 2, 2026');
  expect(fmt.bucket('2026-03-02', 'day')).toBe('Mar 2, 2026');
  expect(fmt.tick('2026-03-02', 'week')).toBe('Mar 2');
});

test('the change against the previous period, n/a when there is nothing to compare with', () => {
  expect(figureChange({ value: 125, previous: 100 })).toEqual({ direction: 'up', ratio: 0.25 });
  expect(figureChange({ value: 3.5, previous: 4 })).toEqual({ direction: 'down', ratio: -0.125 });
  expect(figureChange({ value: 100, previous: 100 })).toEqual({ direction: 'flat', ratio: 0 });
  expect(figureChange({ value: 10001, previous: 10000 })?.direction).toBe('flat');
  expect(figureChange({ value: 5, previous: 0 })).toBeUndefined();
  expect(figureChange({ value: 5, previous: null })).toBeUndefined();
  expect(figureChange({ value: null, previous: 4 })).toBeUndefined();
  expect(formatChange('en', { direction: 'up', ratio: 0.25 })).toBe('+25%');
  expect(formatChange('en', { direction: 'down', ratio: -0.125 })).toBe('-12.5%');
  expect(formatChange('en', { direction: 'flat', ratio: 0 })).toBe('0%');
});

test('a missing value is written n/a in the admin language', () => {
  const fmt = formatters('de', 'EUR', (key) => (key === 'analytics:na' ? 'k. A.' : key));
  expect(fmt.rating(null)).toBe('k. A.');
  expect(fmt.percent(undefined)).toBe('k. A.');
  expect(plain(fmt.money(9.9))).toBe('9,90 €');
});
