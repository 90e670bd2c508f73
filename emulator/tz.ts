// Time zones for shop fields (timezoneAbbreviation, timezoneOffset) and REST timestamps, which
// Shopify writes in the shop's zone: "2025-08-16T10:03:00-04:00".

function part(tz: string, d: Date, style: 'short' | 'longOffset'): string {
  const p = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: style }).formatToParts(d);
  return p.find((x) => x.type === 'timeZoneName')?.value ?? '';
}

/** Minutes east of UTC at that instant, e.g. -240 for New York in summer. */
export function offsetMinutes(tz: string, d: Date = new Date()): number {
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part(tz, d, 'longOffset'));
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** "-0400", the form of Shop.timezoneOffset. */
export function offsetString(tz: string, d: Date = new Date(), colon = false): string {
  const m = offsetMinutes(tz, d);
  const abs = Math.abs(m);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${m < 0 ? '-' : '+'}${hh}${colon ? ':' : ''}${mm}`;
}

export function abbreviation(tz: string, d: Date = new Date()): string {
  return part(tz, d, 'short');
}

/** "(GMT-05:00) America/New_York", the REST `timezone` field. */
export function restTimezone(tz: string): string {
  return `(GMT${offsetString(tz, new Date(), true)}) ${tz}`;
}

/** An ISO instant written in the shop's zone with its offset, as REST payloads carry times. */
export function restTime(iso: string | null, tz: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  const local = new Date(d.getTime() + offsetMinutes(tz, d) * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetString(tz, d, true)}`;
}
