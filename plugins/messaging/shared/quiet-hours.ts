// Quiet hours in the customer's local time: no message between, say, 21:00 and 09:00 where the customer
// is. The customer's zones come from the country (countries-and-timezones, the IANA zones each country
// uses); a country with several zones (the US, Canada, Australia, Brazil, Russia ...) is quiet while
// any of its zones is, since the order names no province: a message then waits until every zone of
// the country is past its quiet hours. A country we cannot place falls back to the shop's zone.
import { getCountry } from 'countries-and-timezones';

/** 'HH:MM' or 'HH:MM:SS' (seconds for the tests, like the request settings' 'second' unit). */
export interface QuietHours {
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '09:00' };
export const CLOCK = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const DAY = 86_400;
const seconds = (clock: string) => {
  const [h, m, s = 0] = clock.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Seconds since local midnight in the zone at the instant. */
function secondOfDay(at: Date, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f)
    formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' })));
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return p.hour * 3600 + p.minute * 60 + p.second;
}

function quietIn(at: Date, zone: string, q: QuietHours): boolean {
  const now = secondOfDay(at, zone);
  const [start, end] = [seconds(q.start), seconds(q.end)];
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The zones to respect for a customer in this country (the shop's zone when the country is unknown). */
export function customerZones(country: string | null, shopZone: string): string[] {
  const zones = country ? getCountry(country.toUpperCase())?.timezones : undefined;
  return zones?.length ? zones : [shopZone];
}

/**
 * When a message may go: undefined now, else the first instant no zone of the customer is in its
 * quiet hours (each zone's end of quiet hours is a candidate; a country whose zones are never all
 * open at once gets the latest end). Daylight-saving changes inside the wait are not modelled: the
 * sender asks again at that instant.
 */
export function quietUntil(at: Date, zones: string[], q: QuietHours | null): Date | undefined {
  if (!q) return undefined;
  const quiet = (t: Date) => zones.some((z) => quietIn(t, z, q));
  if (!quiet(at)) return undefined;
  const end = seconds(q.end);
  const candidates = zones
    .map((z) => new Date(at.getTime() + ((end - secondOfDay(at, z) + DAY) % DAY || DAY) * 1000))
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates.find((t) => !quiet(t)) ?? candidates[candidates.length - 1];
}
