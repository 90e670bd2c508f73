// A period from the query string, in the shop's timezone: a preset ending today, or custom days.
import { z } from 'zod';
import { addDays, addMonths, dayCount, isDay, localDay } from './days';
import { PERIODS, type PeriodInfo } from './api';

export const MAX_DAYS = 3 * 366;

export const periodQuery = z.union([
  z.object({ period: z.enum(PERIODS) }).strict(),
  z
    .object({ from: z.string().refine(isDay, 'Invalid date value'), to: z.string().refine(isDay, 'Invalid date value') })
    .strict()
    .refine((q) => q.from <= q.to, { message: 'The start date must be before the end date', path: ['from'] })
    .refine((q) => dayCount(q.from, q.to) <= MAX_DAYS, { message: `A period is at most ${MAX_DAYS} days`, path: ['from'] }),
]);
export type PeriodQuery = z.infer<typeof periodQuery>;

type Range = Pick<PeriodInfo, 'from' | 'to' | 'previous' | 'granularity'>;

export function resolvePeriod(query: PeriodQuery, timezone: string, now = new Date()): Range {
  let from: string;
  let to: string;
  if ('period' in query) {
    to = localDay(now, timezone);
    from = query.period === '12m' ? addDays(addMonths(to, -12), 1) : addDays(to, 1 - Number(query.period.slice(0, -1)));
  } else {
    ({ from, to } = query);
  }
  const days = dayCount(from, to);
  const granularity = days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
  return { from, to, previous: { from: addDays(from, -days), to: addDays(from, -1) }, granularity };
}
