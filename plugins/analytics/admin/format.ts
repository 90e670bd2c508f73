// Numbers, money, shares, durations and days in the admin's language (Intl), and the change of a
// figure against the previous period. Pure functions of the locale, so they are tested alone.
import type { Figure, PeriodInfo } from '../shared/api';

export type Granularity = PeriodInfo['granularity'];

export const formatNumber = (locale: string, n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
/** a difference of counts with its sign ("+8", "−3", "0") */
export const formatSigned = (locale: string, n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(n);

/** A share from 0 to 1 as a percentage with at most one decimal. */
export const formatPercent = (locale: string, share: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);

export const formatCurrency = (locale: string, currency: string, amount: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

/** An average rating on the 1-5 scale, always with one or two decimals ("4.0", "4.25"). */
export const formatRating = (locale: string, rating: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(rating);

/** A duration in hours: hours below two days, days from there. */
export function formatHours(locale: string, hours: number): string {
  const [value, unit] = hours < 48 ? [hours, 'hour'] : [hours / 24, 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(value);
}

// Days are calendar days of the shop's timezone: read and written at UTC midnight so the admin's own
// timezone never moves them.
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A whole day in the locale's medium style ("Mar 5, 2026", "5 mars 2026"). */
export const formatDay = (locale: string, day: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(utcDay(day));

/** A range of days, shared parts written once ("Mar 1 – 30, 2026"). */
export const formatDayRange = (locale: string, from: string, to: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(utcDay(from), utcDay(to));

/**
 * A chart bucket by its first day: a day or a week as day and month ("Mar 5"; a week's caller adds
 * "week of"), a month as month and year ("Mar 2026"). `withYear` for tables and tooltips.
 */
export function formatBucket(locale: string, bucket: string, granularity: Granularity, withYear = false): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcDay(bucket));
}

export interface Change {
  direction: 'up' | 'down' | 'flat';
  /** relative change against the previous value: 0.25 for +25 % */
  ratio: number;
}

/** The change of a figure, undefined ("n/a") when either side is missing or the previous one is 0. */
export function figureChange({ value, previous }: Figure): Change | undefined {
  if (value === null || previous === null || previous === 0) return undefined;
  const ratio = (value - previous) / Math.abs(previous);
  // flat when it would print as 0 % (the percentage keeps one decimal)
  const shown = Math.round(ratio * 1000);
  return { direction: shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat', ratio };
}

/** A change as a signed percentage ("+25%", "−12.5%", "0%"). */
export const formatChange = (locale: string, change: Change) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change.ratio);
