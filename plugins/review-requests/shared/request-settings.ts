// Request settings (spec section 3) and their validation (section 5), shared by the API and the
// settings screen so both say the same thing.
import { z } from 'zod';
import type { TimeUnit } from './zoned-time';

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

/** The preset delays offered (spec section 9), in seconds. */
export const SEND_AFTER_PRESETS = [
  5 * MIN, 10 * MIN, 15 * MIN, 20 * MIN, 25 * MIN, 30 * MIN,
  1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 5 * HOUR, 6 * HOUR, 7 * HOUR, 8 * HOUR, 9 * HOUR, 10 * HOUR, 11 * HOUR, 12 * HOUR,
  1 * DAY, 2 * DAY, 3 * DAY, 4 * DAY, 5 * DAY,
  7 * DAY, 21 * DAY,
  30 * DAY,
] as const;

const UPPER: Record<TimeUnit, number> = { day: 365, week: 52, month: 12, hour: 8760, minute: 525_600, second: 31_536_000 };

/** Inclusive bounds of a custom number: from 1 (5 for minutes or no unit) to the unit's maximum. */
export function customBounds(unit: TimeUnit | undefined): [number, number] {
  return [unit === 'minute' || unit === undefined ? 5 : 1, UPPER[unit ?? 'minute']];
}

export const betweenMessage = (lo: number, hi: number) => `Number needs to be between equal ${lo} and ${hi}`;
export const REQUIRED = 'This field is required';

const unit = z.enum(['minute', 'hour', 'day', 'week', 'month']);

export const timingCountry = z.object({
  priority: z.number().int().min(1),
  sendAfterCustom: z.number({ message: REQUIRED }),
  timeUnit: z.enum(['day', 'hour']),
  selectedCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'The value is invalid')).min(1, REQUIRED),
});

export const requestSettings = z
  .object({
    sendAfter: z.union([z.literal('custom'), z.number().refine((v) => (SEND_AFTER_PRESETS as readonly number[]).includes(v), 'The value is invalid')]),
    sendAfterCustom: z.number({ message: REQUIRED }),
    timeUnit: unit,
    sendMethod: z.enum(['purchase', 'fulfillment', 'delivery']),
    alternativeSendAfter: z.number({ message: REQUIRED }),
    alternativeUnit: z.enum(['day', 'hour']),
    isCustomTiming: z.boolean(),
    timingCountries: z.array(timingCountry).max(50),
  })
  .superRefine((s, ctx) => {
    const check = (value: number, u: TimeUnit, path: (string | number)[]) => {
      const [lo, hi] = customBounds(u);
      if (!Number.isInteger(value) || value < lo || value > hi) ctx.addIssue({ code: 'custom', path, message: betweenMessage(lo, hi) });
    };
    if (s.sendAfter === 'custom') check(s.sendAfterCustom, s.timeUnit, ['sendAfterCustom']);
    if (s.sendMethod === 'delivery') check(s.alternativeSendAfter, s.alternativeUnit, ['alternativeSendAfter']);
    if (s.isCustomTiming) {
      if (!s.timingCountries.length) ctx.addIssue({ code: 'custom', path: ['timingCountries'], message: REQUIRED });
      s.timingCountries.forEach((row, i) => {
        // Rows count from 1 whatever the unit (spec section 5's row messages).
        const hi = UPPER[row.timeUnit];
        if (!Number.isInteger(row.sendAfterCustom) || row.sendAfterCustom < 1 || row.sendAfterCustom > hi) {
          ctx.addIssue({ code: 'custom', path: ['timingCountries', i, 'sendAfterCustom'], message: betweenMessage(1, hi) });
        }
      });
    }
  });

export type RequestSettings = z.infer<typeof requestSettings>;

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  sendAfter: 7 * DAY,
  sendAfterCustom: 7,
  timeUnit: 'day',
  sendMethod: 'fulfillment',
  alternativeSendAfter: 14,
  alternativeUnit: 'day',
  isCustomTiming: false,
  timingCountries: [],
};

/** Deleting a row renumbers priorities; deleting the last row turns custom timing off. */
export function deleteTimingRow(s: RequestSettings, index: number): RequestSettings {
  const rows = s.timingCountries.filter((_, i) => i !== index).map((r, i) => ({ ...r, priority: i + 1 }));
  return { ...s, timingCountries: rows, isCustomTiming: rows.length > 0 && s.isCustomTiming };
}
