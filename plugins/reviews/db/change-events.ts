// The durable change events of reviews (contracts/reviews.ts `ReviewsChangedPayload`), recorded inside the
// change's own transaction: listeners (outgoing webhooks) hear of every committed change and of
// nothing rolled back. Many reviews changed at once make a few events of REVIEW_CHANGE_CHUNK each,
// so a bulk action of 10,000 reviews records 20 outbox rows, not 10,000.
import type { Knex } from 'knex';
import type { EventBus } from '@plaudit/kernel';
import type { EventRef } from '@plaudit/contracts/define';
import type { ChangedReview, ReviewsChangedPayload } from '@plaudit/contracts/reviews';

/** the most reviews one change event carries */
export const REVIEW_CHANGE_CHUNK = 500;

export interface ChangedRow {
  id: number | string;
  productId?: string | null;
  status: string;
}

export const changedReview = (row: ChangedRow, status = row.status): ChangedReview => ({ reviewId: Number(row.id), productId: row.productId ?? null, status });

export async function emitReviewChanges(
  events: Pick<EventBus, 'emit'>,
  shop: { shopId: number; shopDomain: string },
  event: EventRef<ReviewsChangedPayload>,
  change: string,
  reviews: ChangedReview[],
  trx: Knex.Transaction,
): Promise<void> {
  const at = new Date();
  for (let i = 0; i < reviews.length; i += REVIEW_CHANGE_CHUNK) {
    const chunk = reviews.slice(i, i + REVIEW_CHANGE_CHUNK);
    const payload: ReviewsChangedPayload = { shopId: shop.shopId, shopDomain: shop.shopDomain, change, at: at.toISOString(), reviews: chunk };
    await events.emit(event, payload, { key: `${change}:${chunk[0].reviewId}:${at.getTime()}`, shopDomain: shop.shopDomain, trx });
  }
}
