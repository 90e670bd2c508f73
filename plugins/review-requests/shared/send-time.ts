// When a review request goes out (spec sections 2, 3, 5, 9): trigger time + the delay, the first
// country row (by priority) that lists the shipping country overriding the main schedule, all in
// the shop's timezone. Computed outside workflow code; the workflow receives the instant.
import { addInZone, type TimeUnit } from './zoned-time';
import type { RequestSettings } from './request-settings';

export type Trigger = 'purchase' | 'fulfillment' | 'delivery';

export interface Delay {
  amount: number;
  unit: TimeUnit;
}

/** The main schedule's delay: a preset in seconds, or the custom number and unit. */
export function mainDelay(s: RequestSettings): Delay {
  if (s.sendAfter === 'custom') return { amount: s.sendAfterCustom, unit: s.timeUnit };
  return { amount: s.sendAfter / 60, unit: 'minute' };
}

/** The delay for a shipping country: the first row by priority that lists it, else the main delay. */
export function delayFor(s: RequestSettings, shippingCountry: string | null | undefined): Delay {
  if (s.isCustomTiming && shippingCountry) {
    const row = [...s.timingCountries].sort((a, b) => a.priority - b.priority).find((r) => r.selectedCountries.includes(shippingCountry.toUpperCase()));
    if (row) return { amount: row.sendAfterCustom, unit: row.timeUnit };
  }
  return mainDelay(s);
}

export function sendTime(triggerAt: Date, delay: Delay, timeZone: string): Date {
  return addInZone(triggerAt, delay.amount, delay.unit, timeZone);
}

/**
 * With the delivery trigger, a fulfilled order whose delivery is never reported is sent on the
 * alternative schedule, counted from fulfillment.
 */
export function fallbackTime(fulfilledAt: Date, s: RequestSettings, timeZone: string): Date {
  return addInZone(fulfilledAt, s.alternativeSendAfter, s.alternativeUnit, timeZone);
}
