// A merchant's own review and a reply's removal, as one function each for the admin's routes and the
// ReviewAdmin capability (api/public.ts), so both write, recount and emit the same way.
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { Review } from '../db/review.model';
import { recomputeSummaries } from '../db/summaries';
import { changedReview, emitReviewChanges } from '../db/change-events';
import { ReviewCreated, ReviewReplied } from '@plaudit/contracts/reviews';
import type { reviewCreate } from '../shared/review';
import { reviewSettingsOf } from '../shared/settings';
import { reviewCreatedPayload } from './collect/save-review';
import type { z } from 'zod';

/**
 * A review the merchant writes (source admin): published unless the shop holds new reviews, its
 * product's summary recounted and `ReviewCreated` recorded in the same transaction. `verified` is
 * the admin's verify action done at once (never for imports: those take the import path).
 */
export async function createAdminReview(
  services: Pick<ApiServices, 'knex' | 'events' | 'settings'>,
  tenant: Tenant,
  input: z.output<typeof reviewCreate>,
  options: { verified?: boolean } = {},
): Promise<Review> {
  const { autoPublish } = await reviewSettingsOf(services.settings).get(tenant.shopId);
  const status = input.status ?? (autoPublish === 'all' ? 'published' : 'pending');
  return services.knex.transaction(async (trx) => {
    const row = await tenant.insert(
      Review,
      {
        ...input,
        productId: input.kind === 'store' ? null : input.productId,
        source: 'admin',
        imported: false,
        verified: !!options.verified,
        status,
        publishedAt: status === 'published' ? new Date() : null,
      } as never,
      trx,
    );
    await recomputeSummaries(trx, tenant.shopId, [row.productId]);
    await services.events.emit(ReviewCreated, reviewCreatedPayload(tenant, row, null), { key: row.id, shopDomain: tenant.shopDomain, trx });
    return row;
  });
}

/** Takes the reply off a review (no email: the customer was told of the reply, not of its removal), with its ReviewReplied event. */
export async function removeReply(services: Pick<ApiServices, 'knex' | 'events'>, tenant: Tenant, reviewId: number): Promise<Review> {
  return services.knex.transaction(async (trx) => {
    const row = await tenant.query(Review, trx).patchAndFetchById(reviewId, { replyContent: null, repliedAt: null });
    await emitReviewChanges(services.events, tenant, ReviewReplied, 'reply-removed', [changedReview(row)], trx);
    return row;
  });
}
