// Every collection path stores a review the same way: insert and summary recompute in one
// transaction, then the kernel's 'review.created' event (notifications, integrations).
import type { PartialModelObject } from 'objection';
import type { Tenant } from '../../../../api/auth/tenant';
import type { ApiServices } from '../../../../api/plugins/types';
import { Review } from '../review.model';
import { recomputeSummaries } from '../summaries';

export async function saveCollectedReview({ knex, events }: Pick<ApiServices, 'knex' | 'events'>, tenant: Tenant, row: PartialModelObject<Review>): Promise<Review> {
  const review = await knex.transaction(async (trx) => {
    const inserted = await tenant.insert(Review, row as never, trx);
    await recomputeSummaries(trx, tenant.shopId, [inserted.productId]);
    return inserted;
  });
  await events.emit('review.created', {
    shopId: tenant.shopId,
    shopDomain: tenant.shopDomain,
    reviewId: review.id,
    productId: review.productId ?? null,
    rating: review.rating,
    source: review.source,
    status: review.status,
  });
  return review;
}
