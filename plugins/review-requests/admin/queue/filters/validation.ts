// The filter editors' rules (spec section 5): the order range's fields are required, digits only and
// at least 1 (a range typed backwards is the same range, as the API reads it); a date range needs
// valid days with from <= to. Answers translation keys, or null.

export type OrderRangeErrors = { from: string | null; to: string | null };

function orderNumberError(value: string): string | null {
  if (value.trim() === '') return 'review-requests:validation.required';
  if (!/^\d+$/.test(value.trim())) return 'review-requests:validation.digits';
  if (Number(value) < 1) return 'review-requests:validation.min';
  return null;
}

export function orderRangeErrors(from: string, to: string): OrderRangeErrors {
  return { from: orderNumberError(from), to: orderNumberError(to) };
}

/** `from_to` for the API, or null while the range is invalid (Apply stays disabled). */
export function orderRangeValue(from: string, to: string): string | null {
  const e = orderRangeErrors(from, to);
  if (e.from || e.to) return null;
  const [low, high] = [BigInt(from.trim()), BigInt(to.trim())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${low}_${high}`;
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** A date range's message: an unreadable day, or from after to; null when applicable. */
export function dateRangeError(from: string, to: string): string | null {
  if ((from && !isDay(from)) || (to && !isDay(to))) return 'review-requests:validation.date';
  if (from && to && from > to) return 'review-requests:validation.date_range';
  return null;
}
