// Figures derived from a period's metric totals (shared/sources.ts names the metrics).
import { TIME_TO_REVIEW as TTR_BUCKETS } from '@plaudit/contracts/review-requests';
import type { Totals } from '../db/read';

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
export const get = (t: Totals, metric: string) => t[metric] ?? 0;
export const requestsSent = (t: Totals) => get(t, 'requests.sent.email') + get(t, 'requests.sent.push');

/**
 * The median hours from send to review, from the time-to-review histogram: the bucket holding the
 * middle review, interpolated linearly inside it (the last bucket, "more than 30 days", gives its start).
 */
export function medianHours(t: Totals): number | null {
  const counts = TTR_BUCKETS.map((b) => get(t, `requests.ttr.${b.key}`));
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return null;
  let below = 0;
  for (let i = 0; i < TTR_BUCKETS.length; i++) {
    const lower = i ? TTR_BUCKETS[i - 1].hours : 0;
    const upper = TTR_BUCKETS[i].hours;
    if (below + counts[i] >= total / 2) return Number.isFinite(upper) ? lower + ((total / 2 - below) / counts[i]) * (upper - lower) : lower;
    below += counts[i];
  }
  return null;
}

export function figuresOf(t: Totals) {
  const count = get(t, 'reviews.count');
  const sent = requestsSent(t);
  return {
    reviews: count,
    averageRating: ratio(get(t, 'reviews.rating_sum'), count),
    reviewRate: ratio(get(t, 'requests.reviewed'), sent),
    photoRate: ratio(get(t, 'reviews.with_photo'), count),
    videoRate: ratio(get(t, 'reviews.with_video'), count),
    requestsSent: sent,
    medianHoursToReview: medianHours(t),
    attributedOrders: get(t, 'orders.attributed'),
    attributedRevenue: get(t, 'orders.attributed_revenue'),
  };
}

export { ratio };
