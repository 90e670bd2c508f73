// Dates as the review apps write them: ISO 8601 with or without a zone, `yyyy-mm-dd hh:mm:ss UTC`,
// dd/mm/yyyy or mm/dd/yyyy (the format says which), named months ("19 Sep 2024", "Sep 19, 2024")
// and Excel serial day numbers (an XLSX date cell read as text). A value without a zone is UTC:
// the files do not say which zone they meant, and a stable reading keeps re-imports identical.
import type { DateOrder } from './types';

/** A date this far ahead of our clock is a mistake in the file, not clock skew (as the reviews plugin's import). */
const FUTURE_SLACK_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;
/** 1899-12-30, Excel's day 0 (its 1900 leap-year bug makes day 60 the phantom Feb 29) */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

export const INVALID_DATE = 'Invalid date value';
export const FUTURE_DATE = 'The date must not be in the future';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?\s*(Z|UTC|GMT)?$/i;
const DAY_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/;
const MONTH_DAY = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/;
const SERIAL = /^\d{4,5}(?:\.\d+)?$/;

function month(name: string): number | null {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 || (name.length > 3 && !/^[a-z]+$/i.test(name)) ? null : i + 1;
}

/** UTC milliseconds of a calendar date and time, or null when a part is out of range (Feb 30). */
function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  return new Date(t).getUTCDate() === d ? t : null;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || /^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000;
}

function readIso(m: RegExpExecArray): number | null {
  const ms = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
  const t = utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), ms);
  return t === null ? null : t - zoneOffsetMs(m[8]);
}

function readNumeric(m: RegExpExecArray, order: DateOrder): number | null {
  const a = Number(m[1]);
  const b = Number(m[2]);
  // which of the two is the day: the format's order, or the only reading that is a date
  let dmy: boolean;
  if (order === 'dmy' || order === 'mdy') dmy = order === 'dmy';
  else if (a > 12 && b <= 12) dmy = true;
  else if (b > 12 && a <= 12) dmy = false;
  else if (a === b) dmy = true;
  else return null;
  let hour = Number(m[4] ?? 0);
  if (m[7]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[7].toUpperCase() === 'PM' ? 12 : 0);
  }
  return utc(Number(m[3]), dmy ? b : a, dmy ? a : b, hour, Number(m[5] ?? 0), Number(m[6] ?? 0));
}

function readSerial(text: string): number | null {
  const days = Number(text);
  // 1954..2119: a plausible review date; a bare year (2024) or an order number is not one
  if (days < 20_000 || days > 80_000) return null;
  return EXCEL_EPOCH_MS + Math.round(days * DAY_MS);
}

/** The instant a cell names, or null when it is not a date we can read without guessing. */
export function readDate(text: string, order: DateOrder): Date | null {
  const v = text.trim();
  let t: number | null = null;
  let m: RegExpExecArray | null;
  if ((m = ISO.exec(v))) t = readIso(m);
  else if ((m = NUMERIC.exec(v))) t = readNumeric(m, order);
  else if ((m = DAY_MONTH.exec(v))) t = month(m[2]) && utc(Number(m[3]), month(m[2])!, Number(m[1]));
  else if ((m = MONTH_DAY.exec(v))) t = month(m[1]) && utc(Number(m[3]), month(m[1])!, Number(m[2]));
  else if (SERIAL.test(v)) t = readSerial(v);
  return t === null || t === 0 || Number.isNaN(t) ? null : new Date(t);
}

/** A cell as a past date: the Date, or the reason it is refused. */
export function pastDate(text: string, order: DateOrder, now = Date.now()): Date | { error: string } {
  const d = readDate(text, order);
  if (!d) return { error: INVALID_DATE };
  if (d.getTime() > now + FUTURE_SLACK_MS) return { error: FUTURE_DATE };
  return d;
}
