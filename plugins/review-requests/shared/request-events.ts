// Helpers of the durable events this plugin emits (contracts/review-requests.ts: RequestSent,
// RequestReviewed, RequestEligible), each recorded in the transaction that records the change on the
// request's queue entry.

/** The write link with `stars` already chosen (the reviews plugin's write page reads `?rating=`). */
export function ratingUrl(reviewUrl: string, stars: number): string {
  const u = new URL(reviewUrl);
  u.searchParams.set('rating', String(stars));
  return u.toString();
}

/** The write link with 1 to 5 stars chosen, in order (the email's stars, RequestEligible's ratingUrls). */
export const ratingUrls = (reviewUrl: string): string[] => [1, 2, 3, 4, 5].map((n) => ratingUrl(reviewUrl, n));

/** The products of a queue entry's line items, once each. */
export const productIdsOf = (lineItems: { productId?: string | null }[] | null | undefined): string[] => [
  ...new Set((lineItems ?? []).map((li) => li.productId).filter((id): id is string => !!id)),
];
