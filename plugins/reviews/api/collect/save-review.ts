// Every collection path stores a review the same way: insert, summary recompute and the
// ReviewCreated event (review requests, notifications, integrations) in one transaction.
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { Review } from '../../db/review.model';
import { recomputeSummaries } from '../../db/summaries';
import { ReviewCreated, type ReviewCreatedPayload } from '@plaudit/contracts/reviews';

export function reviewCreatedPayload(tenant: Tenant, review: Review, queueEntryId: number | null): ReviewCreatedPayload {
  return {
    shopId: tenant.shopId,
    shopDomain: tenant.shopDomain,
    reviewId: review.id,
    productId: review.productId ?? null,
    rating: review.rating,
    source: review.source,
    status: review.status,
    orderId: review.orderId ?? null,
    queueEntryId,
    mediaCount: (review.media ?? []).length,
  };
}

/**
 * `queueEntryId`: the review-request the review answers (signed write links). `also` runs in the
 * review's transaction once it has its id (a video bound to it).
 */
export async function saveCollectedReview(
  { knex, events }: Pick<ApiServices, 'knex' | 'events'>,
  tenant: Tenant,
  row: PartialModelObject<Review>,
  queueEntryId: number | null = null,
  also?: (trx: Knex.Transaction, review: Review) => Promise<void>,
): Promise<Review> {
  // The event is recorded with the review: its listeners learn of it even if Temporal is down now.
  return knex.transaction(async (trx) => {
    const review = await tenant.insert(Review, row as never, trx);
    await recomputeSummaries(trx, tenant.shopId, [review.productId]);
    await also?.(trx, review);
    await events.emit(ReviewCreated, reviewCreatedPayload(tenant, review, queueEntryId), { key: review.id, shopDomain: tenant.shopDomain, trx });
    return review;
  });
}
