import { periodFromSearch, periodQuery } from './period';

const read = (query: string) => periodFromSearch(new URLSearchParams(query));

test('the URL holds a preset period or a custom range of days', () => {
  expect(read('period=7d')).toEqual({ period: '7d' });
  expect(read('period=12m')).toEqual({ period: '12m' });
  expect(read('from=2026-01-01&to=2026-02-15')).toEqual({ from: '2026-01-01', to: '2026-02-15' });
  expect(periodQuery({ period: '90d' })).toBe('period=90d');
  expect(periodQuery({ from: '2026-01-01', to: '2026-02-15' })).toBe('from=2026-01-01&to=2026-02-15');
});

test('anything unreadable falls back to the last 30 days', () => {
  expect(read('')).toEqual({ period: '30d' });
  expect(read('period=1y')).toEqual({ period: '30d' });
  expect(read('from=2026-02-30&to=2026-03-01')).toEqual({ period: '30d' });
  expect(read('from=2026-03-01&to=2026-02-01')).toEqual({ period: '30d' });
  expect(read('from=2026-03-01')).toEqual({ period: '30d' });
});
