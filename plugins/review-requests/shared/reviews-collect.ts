// The reviews plugin's links in request and photo-reminder emails (ReviewWrite, contracts/reviews.ts:
// reviews declares and verifies their purposes), optional: without the reviews plugin (its folder
// removed), links to the shop: requests still go out and lead the customer to the store, where another
// review app may collect; no review is ever reported, so no photo reminder is planned.
import type { Capabilities } from '@plaudit/kernel';
import { ReviewWrite, type ReviewWriteApi } from '@plaudit/contracts/reviews';

export function reviewLinks(
  capabilities: Pick<Capabilities, 'get'>,
  shopUrl: string,
): Pick<ReviewWriteApi, 'writeUrl'> & Partial<Pick<ReviewWriteApi, 'photoUrl'>> {
  return capabilities.get(ReviewWrite) ?? { writeUrl: () => shopUrl };
}
