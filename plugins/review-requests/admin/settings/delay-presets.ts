// The main schedule as the screen shows it: one of section 9's preset delays, or a custom number
// with a unit. The API keeps storing a number and a unit (sendAfter 'custom', spec section 7), so
// any value saved before the presets existed still loads: one equal to a preset shows as it.
import { DELAY_PRESETS, SEND_AFTER_PRESETS, type RequestSettings } from '../../shared/request-settings';
import type { TimeUnit } from '../../shared/zoned-time';

export const CUSTOM = 'custom';

// Units that are whole multiples of each other whatever the calendar does: 60 minutes are an hour,
// 7 days a week (a day is not 24 hours across a DST change, and a month has no fixed length).
const SAME_KIND: Partial<Record<TimeUnit, [kind: string, factor: number]>> = {
  minute: ['clock', 1],
  hour: ['clock', 60],
  day: ['calendar', 1],
  week: ['calendar', 7],
};

function sameDelay(a: { amount: number; unit: TimeUnit }, b: { amount: number; unit: TimeUnit }): boolean {
  if (a.unit === b.unit) return a.amount === b.amount;
  const [ka, fa] = SAME_KIND[a.unit] ?? [a.unit, 1];
  const [kb, fb] = SAME_KIND[b.unit] ?? [b.unit, 1];
  return ka === kb && a.amount * fa === b.amount * fb;
}

/** The index of the preset the main schedule equals, or -1 (custom). */
export function presetIndex(s: Pick<RequestSettings, 'sendAfterCustom' | 'timeUnit'>): number {
  return DELAY_PRESETS.findIndex((p) => sameDelay(p, { amount: s.sendAfterCustom, unit: s.timeUnit }));
}

/** The stored settings as the form edits them: a preset kept in seconds becomes its number and unit. */
export function toForm(s: RequestSettings): RequestSettings {
  const i = typeof s.sendAfter === 'number' ? SEND_AFTER_PRESETS.indexOf(s.sendAfter) : -1;
  const main = i >= 0 ? { sendAfterCustom: DELAY_PRESETS[i].amount, timeUnit: DELAY_PRESETS[i].unit as RequestSettings['timeUnit'] } : {};
  return { ...s, ...main, sendAfter: CUSTOM };
}

/** Custom offers days, and hours with the delivery trigger (spec section 9). */
export const customUnits = (sendMethod: RequestSettings['sendMethod']): RequestSettings['timeUnit'][] =>
  sendMethod === 'delivery' ? ['day', 'hour'] : ['day'];

/** Switching a preset to custom: the same delay in an offered unit where it is whole, else 1 day. */
export function customFrom(s: RequestSettings): Pick<RequestSettings, 'sendAfterCustom' | 'timeUnit'> {
  if (customUnits(s.sendMethod).includes(s.timeUnit)) return { sendAfterCustom: s.sendAfterCustom, timeUnit: s.timeUnit };
  if (s.timeUnit === 'week') return { sendAfterCustom: s.sendAfterCustom * 7, timeUnit: 'day' };
  return { sendAfterCustom: 1, timeUnit: 'day' };
}
