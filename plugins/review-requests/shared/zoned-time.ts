// Calendar arithmetic in a shop's timezone without a date library: "3 days after" keeps the local
// wall-clock time across a DST change; minutes and hours are exact durations.

interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond: instant.getUTCMilliseconds(),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - instant.getTime();
}

/**
 * The instant a wall-clock time happens in the zone. An ambiguous autumn time takes its first
 * occurrence; a time skipped by a spring-forward gap moves forward by the gap.
 */
export function instantOf(w: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
  const DAY = 86_400_000;
  const before = offsetAt(new Date(asUtc - DAY), timeZone);
  const after = offsetAt(new Date(asUtc + DAY), timeZone);
  const valid = [...new Set([before, after])].map((offset) => asUtc - offset).filter((t) => offsetAt(new Date(t), timeZone) === asUtc - t);
  return new Date(valid.length ? Math.min(...valid) : asUtc - before);
}

/** 'second' is for tests and operations only; merchants choose minutes and up. */
export type TimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month';

export function addInZone(instant: Date, amount: number, unit: TimeUnit, timeZone: string): Date {
  if (unit === 'second') return new Date(instant.getTime() + amount * 1000);
  if (unit === 'minute') return new Date(instant.getTime() + amount * 60_000);
  if (unit === 'hour') return new Date(instant.getTime() + amount * 3_600_000);
  const w = wallClock(instant, timeZone);
  if (unit === 'month') {
    const target = new Date(Date.UTC(w.year, w.month - 1 + amount, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    return instantOf({ ...w, year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: Math.min(w.day, lastDay) }, timeZone);
  }
  const days = unit === 'week' ? amount * 7 : amount;
  const target = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return instantOf({ ...w, year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: target.getUTCDate() }, timeZone);
}

/** Midnight of the first day of the instant's month in the zone, moved by `months` (0 = this month). */
export function monthStartInZone(instant: Date, timeZone: string, months = 0): Date {
  const w = wallClock(instant, timeZone);
  const target = new Date(Date.UTC(w.year, w.month - 1 + months, 1));
  return instantOf({ year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}
