// The formatting helpers bound to one language and currency, with "n/a" for a missing value (the
// hook in useFormat.ts binds them to the admin's current language).
import * as f from './format';

export type Formatters = ReturnType<typeof formatters>;
/** react-admin's translate, as the helpers take it */
export type Translate = (key: string, options?: object) => string;

export function formatters(locale: string, currency: string, translate: Translate) {
  const na = translate('analytics:na');
  const orNa =
    <T>(fn: (v: T) => string) =>
    (v: T | null | undefined) =>
      v === null || v === undefined ? na : fn(v);
  return {
    locale,
    na,
    number: orNa((n: number) => f.formatNumber(locale, n)),
    signed: orNa((n: number) => f.formatSigned(locale, n)),
    percent: orNa((share: number) => f.formatPercent(locale, share)),
    money: orNa((amount: number) => f.formatCurrency(locale, currency, amount)),
    rating: orNa((rating: number) => f.formatRating(locale, rating)),
    hours: orNa((hours: number) => f.formatHours(locale, hours)),
    day: (day: string) => f.formatDay(locale, day),
    range: (from: string, to: string) => f.formatDayRange(locale, from, to),
    /** a bucket on an axis tick: short */
    tick: (bucket: string, granularity: f.Granularity) => f.formatBucket(locale, bucket, granularity),
    /** a bucket in a table or tooltip: "week of" for weeks, with the year */
    bucket: (bucket: string, granularity: f.Granularity) => {
      const date = f.formatBucket(locale, bucket, granularity, true);
      return granularity === 'week' ? translate('analytics:bucket.week', { date }) : date;
    },
    change: (change: f.Change) => f.formatChange(locale, change),
  };
}
