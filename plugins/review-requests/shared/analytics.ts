// The request funnel's analytics (RequestsAnalytics, @plaudit/contracts/review-requests): the
// time-to-review buckets its requests.ttr.<key> metrics name.

/**
 * Time from send to review: a review counts in the first bucket whose upper bound (hours) it does
 * not exceed. The analytics plugin's screens name these keys (`requests.ttr.<key>`).
 */
export const TIME_TO_REVIEW = [
  { key: 'h1', hours: 1 },
  { key: 'h6', hours: 6 },
  { key: 'd1', hours: 24 },
  { key: 'd2', hours: 48 },
  { key: 'd4', hours: 96 },
  { key: 'd7', hours: 168 },
  { key: 'd14', hours: 336 },
  { key: 'd30', hours: 720 },
  { key: 'more', hours: Infinity },
] as const;
