// The period a screen shows, kept in the URL's query string so a reload, a shared link and the
// tabs between the three screens keep it: `?period=30d` or `?from=yyyy-mm-dd&to=yyyy-mm-dd`.
import { PERIODS, type Period } from '../shared/api';

export type PeriodChoice = { period: Period } | { from: string; to: string };

export const DEFAULT_PERIOD: PeriodChoice = { period: '30d' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in yyyy-mm-dd (not 2026-02-30). */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The choice the query string holds; anything unreadable falls back to the last 30 days. */
export function periodFromSearch(params: URLSearchParams): PeriodChoice {
  const period = params.get('period');
  if (PERIODS.includes(period as Period)) return { period: period as Period };
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  return DEFAULT_PERIOD;
}

/** The query string of a choice, as the API and the screens' URLs take it. */
export function periodQuery(choice: PeriodChoice): string {
  const params: Record<string, string> = 'period' in choice ? { period: choice.period } : { from: choice.from, to: choice.to };
  return new URLSearchParams(params).toString();
}
