// Reads of the notification mails.
import type { Tenant } from '@plaudit/kernel';
import { Review } from './review.model';

/** The reviews named, with what a notification shows of them. */
export function reviewsOfShop(tenant: Tenant, ids: number[]) {
  return tenant.query(Review).whereIn('id', ids).select('id', 'rating', 'title', 'content', 'firstName', 'productTitle');
}
