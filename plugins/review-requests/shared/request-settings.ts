// Request settings (spec section 3) and their validation (section 5), shared by the API and the
// settings screen so both say the same thing.
import { z } from 'zod';
import type { TimeUnit } from './zoned-time';

const SECONDS: Record<TimeUnit, number> = { second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800, month: 2_592_000 };

/** The preset delays offered (spec section 9): 5 to 30 minutes, 1 to 12 hours, 1 to 5 days, 1 and 3 weeks, 1 month. */
export const DELAY_PRESETS: readonly { amount: number; unit: TimeUnit }[] = [
  ...[5, 10, 15, 20, 25, 30].map((amount) => ({ amount, unit: 'minute' as const })),
  ...Array.from({ length: 12 }, (_, i) => ({ amount: i + 1, unit: 'hour' as const })),
  ...[1, 2, 3, 4, 5].map((amount) => ({ amount, unit: 'day' as const })),
  { amount: 1, unit: 'week' },
  { amount: 3, unit: 'week' },
  { amount: 1, unit: 'month' },
];

/** The same presets in seconds (a month counted as 30 days): the numeric form `sendAfter` may hold. */
export const SEND_AFTER_PRESETS: readonly number[] = DELAY_PRESETS.map((p) => p.amount * SECONDS[p.unit]);

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
  // 'at least one country' holds only while custom timing is on (below): rows kept while it is off
  // must not block saving the rest of the form.
  selectedCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'The value is invalid')),
});

const fields = z.object({
  sendAfter: z.union([z.literal('custom'), z.number().refine((v) => SEND_AFTER_PRESETS.includes(v), 'The value is invalid')]),
  sendAfterCustom: z.number({ message: REQUIRED }),
  timeUnit: unit,
  sendMethod: z.enum(['purchase', 'fulfillment', 'delivery']),
  alternativeSendAfter: z.number({ message: REQUIRED }),
  alternativeUnit: z.enum(['day', 'hour']),
  isCustomTiming: z.boolean(),
  timingCountries: z.array(timingCountry).max(50),
  // null: Plaudit's own email; else the email-marketing app that sends them (shared/sender-app.ts)
  senderApp: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,63}$/, 'The value is invalid')
    .nullable()
    .optional(),
});

type Issue = { code: 'custom'; path: (string | number)[]; message: string; input?: unknown };

/**
 * Section 5's value rules over whatever fields have the right type. They run beside the shape's
 * checks (not after them), so one answer names every wrong field, of either kind.
 */
export function valueIssues(raw: unknown): Issue[] {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const issues: Issue[] = [];
  const units = unit.options as readonly string[];
  const check = (value: unknown, u: unknown, path: (string | number)[]) => {
    if (typeof value !== 'number') return;
    const [lo, hi] = customBounds(units.includes(u as string) ? (u as TimeUnit) : undefined);
    if (!Number.isInteger(value) || value < lo || value > hi) issues.push({ code: 'custom', path, message: betweenMessage(lo, hi) });
  };
  if (s.sendAfter === 'custom') check(s.sendAfterCustom, s.timeUnit, ['sendAfterCustom']);
  if (s.sendMethod === 'delivery') {
    // the alternative schedule is required only for delivery with a custom time (section 5)
    if (s.sendAfter === 'custom' && s.alternativeSendAfter === undefined) issues.push({ code: 'custom', path: ['alternativeSendAfter'], message: REQUIRED });
    if (s.sendAfter === 'custom' && s.alternativeUnit === undefined) issues.push({ code: 'custom', path: ['alternativeUnit'], message: REQUIRED });
    check(s.alternativeSendAfter, s.alternativeUnit, ['alternativeSendAfter']);
  }
  const rows = Array.isArray(s.timingCountries) ? (s.timingCountries as Record<string, unknown>[]) : [];
  if (s.isCustomTiming === true) {
    if (!rows.length) issues.push({ code: 'custom', path: ['timingCountries'], message: REQUIRED });
    rows.forEach((row, i) => {
      if (!row || typeof row !== 'object') return;
      if (Array.isArray(row.selectedCountries) && !row.selectedCountries.length)
        issues.push({ code: 'custom', path: ['timingCountries', i, 'selectedCountries'], message: REQUIRED });
      // Rows count from 1 whatever the unit (spec section 5's row messages).
      const hi = UPPER[row.timeUnit === 'hour' ? 'hour' : 'day'];
      const n = row.sendAfterCustom;
      if (typeof n === 'number' && (!Number.isInteger(n) || n < 1 || n > hi))
        issues.push({ code: 'custom', path: ['timingCountries', i, 'sendAfterCustom'], message: betweenMessage(1, hi) });
    });
  }
  return issues;
}

export const requestSettings = fields.superRefine((s, ctx) => {
  for (const issue of valueIssues(s)) ctx.addIssue(issue);
});

/** POST /emails: the alternative schedule may be left out (the stored one stays) unless section 5 requires it. */
export const requestSettingsInput = fields.partial({ alternativeSendAfter: true, alternativeUnit: true });

export type RequestSettings = z.infer<typeof requestSettings>;

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  sendAfter: 7 * SECONDS.day,
  sendAfterCustom: 7,
  timeUnit: 'day',
  sendMethod: 'fulfillment',
  alternativeSendAfter: 14,
  alternativeUnit: 'day',
  isCustomTiming: false,
  timingCountries: [],
  senderApp: null,
};

/** Deleting a row renumbers priorities; deleting the last row turns custom timing off. */
export function deleteTimingRow(s: RequestSettings, index: number): RequestSettings {
  const rows = s.timingCountries.filter((_, i) => i !== index).map((r, i) => ({ ...r, priority: i + 1 }));
  return { ...s, timingCountries: rows, isCustomTiming: rows.length > 0 && s.isCustomTiming };
}
