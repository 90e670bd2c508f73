// The hourly maintenance's statements, one shop at a time (each shop's ages come from its own
// settings): held reviews published after N days, recycle-bin reviews purged after N days; each
// batch with its change events (ReviewPublished / ReviewDeleted) in the same transaction.
import type { Knex } from 'knex';
import type { EventBus } from '@plaudit/kernel';
import { ReviewDeleted, ReviewPublished } from '@plaudit/contracts/reviews';
import { changedReview, emitReviewChanges } from './change-events';
import { recomputeSummaries } from './summaries';

export interface MaintainedShop {
  shopId: number;
  shopDomain: string;
}

const BATCH = 5000;

/** The shops with reviews in `status` (of `shopIds` only, when given). */
export async function shopsWithStatus(knex: Knex, status: 'pending' | 'trash', shopIds?: number[]): Promise<number[]> {
  // tenancy: a sweep across shops by design: only which shops need a visit
  const rows = await knex('reviews')
    .where({ status })
    .modify((q) => {
      if (shopIds) q.whereIn('shopId', shopIds);
    })
    .distinct('shopId');
  return rows.map((r: { shopId: number }) => Number(r.shopId));
}

/** Publishes the shop's held reviews older than `ageMs`; returns how many. */
export async function publishHeld(knex: Knex, events: Pick<EventBus, 'emit'>, shop: MaintainedShop, ageMs: number): Promise<number> {
  const { shopId } = shop;
  let total = 0;
  for (;;) {
    const n = await knex.transaction(async (trx) => {
      // tenancy: shop id bound
      const { rows } = await trx.raw(
        `UPDATE reviews r SET status = 'published', published_at = now(), updated_at = now()
          WHERE r.id IN (SELECT r2.id FROM reviews r2 WHERE r2.shop_id = ? AND r2.status = 'pending' AND r2.created_at < now() - make_interval(secs => ? / 1000.0)
                          LIMIT ? FOR UPDATE OF r2 SKIP LOCKED)
          RETURNING r.id, r.product_id AS "productId", r.status, r.product_key AS "productKey"`,
        [shopId, ageMs, BATCH],
      );
      await recomputeSummaries(
        trx,
        shopId,
        rows.map((r: { productKey: string }) => r.productKey),
      );
      await emitReviewChanges(
        events,
        shop,
        ReviewPublished,
        'auto-publish',
        rows.map((r: { id: number; productId: string | null; status: string }) => changedReview(r)),
        trx,
      );
      return rows.length as number;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Deletes the shop's recycle-bin reviews trashed longer than `ageMs` ago; returns how many. */
export async function purgeTrash(knex: Knex, events: Pick<EventBus, 'emit'>, shop: MaintainedShop, ageMs: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await knex.transaction(async (trx) => {
      // tenancy: shop id bound; trashed reviews are not in any summary
      const { rows } = await trx.raw(
        `DELETE FROM reviews r WHERE r.id IN (
           SELECT r2.id FROM reviews r2 WHERE r2.shop_id = ? AND r2.status = 'trash' AND r2.deleted_at < now() - make_interval(secs => ? / 1000.0) LIMIT ?)
         RETURNING r.id, r.product_id AS "productId", r.status`,
        [shop.shopId, ageMs, BATCH],
      );
      await emitReviewChanges(
        events,
        shop,
        ReviewDeleted,
        'purge',
        rows.map((r: { id: number; productId: string | null }) => changedReview({ ...r, status: 'deleted' })),
        trx,
      );
      return rows.length as number;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
