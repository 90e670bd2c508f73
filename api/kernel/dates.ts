// Calendar days of a shop: the local day of an instant in the shop's IANA timezone, as the analytics
// sources (reviews, rewards, questions) key their counts. One formatter per timezone.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'yyyy-mm-dd' of the instant in the timezone. */
export function localDay(at: Date, timezone: string): string {
  let f = formatters.get(timezone);
  if (!f) formatters.set(timezone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}
