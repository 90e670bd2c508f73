// Local days as 'yyyy-mm-dd' strings: the rollups' key. Arithmetic on the calendar date alone
// (UTC midnight of that date), so daylight-saving changes never skip or repeat a day.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of an instant in a timezone. */
export function localDay(at: Date, timezone: string): string {
  let f = formatters.get(timezone);
  if (!f) formatters.set(timezone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}

export function isValidTimezone(timezone: string): boolean {
  try {
    localDay(new Date(), timezone);
    return true;
  } catch {
    return false;
  }
}

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
}

export function addMonths(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCMonth(d.getUTCMonth() + n);
  return toDay(d);
}

/** Days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000) + 1;
}

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** Sorted days grouped into runs of consecutive days, so a source answers one range per run. */
export function consecutiveRuns(days: Iterable<string>): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  for (const day of [...new Set(days)].sort()) {
    const last = runs[runs.length - 1];
    if (last && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

/** A real calendar day in yyyy-mm-dd ('2026-02-30' and '2026-13-01' are not). */
export function isDay(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = toDate(s);
  return !Number.isNaN(d.getTime()) && toDay(d) === s;
}
