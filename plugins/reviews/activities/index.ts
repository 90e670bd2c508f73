// Worker side of the reviews plugin: the maintenance activities behind the hourly schedule and the
// compliance hooks (customers/redact anonymises, customers/data_request exports).
import type { Knex } from 'knex';
import type { ActivityDeps, CustomerRef, PlatformHooks } from '../../../workflows/plugin';
import { present, Review } from '../api/review.model';
import { recomputeSummaries } from '../api/summaries';
import { syncRatings } from './rating-sync';
import { notifyShop } from './notify';
import { sendEditRequest, type EditRequestInput } from './edit-request';
import { sendReviewReply, type ReviewReplyInput } from './review-reply';

export const DAY_MS = 86_400_000;
const BATCH = 5000;

export interface MaintenanceInput {
  /** length of a "day" in ms for the settings' day counts; tests shorten it */
  dayMs?: number;
}

type Touched = { shopId: number; productKey: string }[];

async function recomputeTouched(trx: Knex.Transaction, rows: Touched) {
  const byShop = new Map<number, string[]>();
  for (const r of rows) byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r.productKey]);
  for (const [shopId, keys] of byShop) await recomputeSummaries(trx, shopId, keys);
}

// Per-shop ages come from the settings document (namespace reviews), with the defaults of
// shared/review.ts when a shop never saved one; a null autoPublishHeldAfterDays means never.
const HELD_DAYS = `CASE WHEN jsonb_exists(st.value, 'autoPublishHeldAfterDays') THEN (st.value->>'autoPublishHeldAfterDays')::numeric ELSE 14 END`;
const TRASH_DAYS = `coalesce((st.value->>'trashRetentionDays')::numeric, 30)`;

export function createActivities(deps: ActivityDeps) {
  return {
    /** Product ratings changed since their last push, to Shopify's reviews.rating metafields. */
    reviewsSyncRatings: () => syncRatings(deps),
    /** Mails negative reviews now, the others in the digest when due (else returns them deferred). */
    reviewsNotify: (shopId: number, reviewIds: number[], digestDue: boolean) => notifyShop(deps, shopId, reviewIds, digestDue),
    /** The confirm-edit email of one edit request (skipped when the request is no longer current). */
    reviewsSendEditRequest: (input: EditRequestInput) => sendEditRequest(deps, input),
    /** The review-reply email of one saved reply (skipped when no longer current or switched off). */
    reviewsSendReplyEmail: (input: ReviewReplyInput) => sendReviewReply(deps, input),

    /** Publishes held (pending) reviews older than each shop's setting; returns how many. */
    async reviewsAutoPublishHeld({ dayMs = DAY_MS }: MaintenanceInput = {}): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await deps.knex.transaction(async (trx) => {
          // tenancy: the maintenance sweep runs across shops by design; each row keeps its shop and summaries are recomputed per shop
          const { rows } = await trx.raw(
            `UPDATE reviews r SET status = 'published', published_at = now(), updated_at = now()
              WHERE r.id IN (
                SELECT r2.id FROM reviews r2 LEFT JOIN settings st ON st.shop_id = r2.shop_id AND st.namespace = 'reviews'
                 WHERE r2.status = 'pending' AND r2.created_at < now() - make_interval(secs => (${HELD_DAYS}) * ? / 1000.0)
                 LIMIT ? FOR UPDATE OF r2 SKIP LOCKED)
              RETURNING r.shop_id AS "shopId", r.product_key AS "productKey"`,
            [dayMs, BATCH],
          );
          await recomputeTouched(trx, rows);
          return rows.length as number;
        });
        total += n;
        if (n < BATCH) return total;
      }
    },

    /** Deletes reviews in the recycle bin for longer than each shop's retention; returns how many. */
    async reviewsPurgeTrash({ dayMs = DAY_MS }: MaintenanceInput = {}): Promise<number> {
      let total = 0;
      for (;;) {
        // tenancy: the purge runs across shops by design; trashed reviews are not in any summary
        const { rows } = await deps.knex.raw(
          `DELETE FROM reviews r WHERE r.id IN (
             SELECT r2.id FROM reviews r2 LEFT JOIN settings st ON st.shop_id = r2.shop_id AND st.namespace = 'reviews'
              WHERE r2.status = 'trash' AND r2.deleted_at < now() - make_interval(secs => (${TRASH_DAYS}) * ? / 1000.0)
              LIMIT ?) RETURNING r.id`,
          [dayMs, BATCH],
        );
        total += rows.length;
        if (rows.length < BATCH) return total;
      }
    },
  };
}

function customerReviews(deps: ActivityDeps, ref: CustomerRef) {
  const { email, id } = ref.customer;
  const orders = ref.ordersToRedact ?? [];
  return deps.tenantFor(ref.shopId, ref.shopDomain).query(Review).where((w) => {
    if (email) w.orWhereRaw('lower(email) = lower(?)', [email]);
    if (id) w.orWhere('customerId', String(id));
    if (orders.length) w.orWhereIn('orderId', orders.map(String));
    if (!email && !id && !orders.length) w.whereRaw('false');
  });
}

/** Reviews are personal data: redaction anonymises (text and rating stay), export lists them. */
export function createPlatformHooks(deps: ActivityDeps): PlatformHooks {
  return {
    async redactCustomer(ref) {
      await customerReviews(deps, ref).patch({ email: null, lastName: null, customerId: null, updatedAt: new Date() } as never);
    },
    async exportCustomer(ref) {
      const rows = await customerReviews(deps, ref).orderBy('id');
      return { reviews: rows.map(present) };
    },
  };
}
