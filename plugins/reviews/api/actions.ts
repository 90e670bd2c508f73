// Moderation actions on one or many reviews: each is one set-based statement scoped to the shop,
// followed by one summary recompute of the product keys it touched and the durable change events
// (publish: ReviewPublished, delete: ReviewDeleted, the others ReviewUpdated), in one transaction.
import type { Knex } from 'knex';
import { raw } from 'objection';
import type { EventBus, Tenant } from '@plaudit/kernel';
import type { Action } from '../shared/review';
import { ReviewDeleted, ReviewPublished, ReviewUpdated } from '@plaudit/contracts/reviews';
import { Review } from '../db/review.model';
import { keysOf, recomputeSummaries } from '../db/summaries';
import { changedReview, emitReviewChanges } from '../db/change-events';

export interface ActionOptions {
  recycleBin: boolean;
  /** the kernel's events: every changed review is announced (outgoing webhooks) */
  events: Pick<EventBus, 'emit'>;
}

const RETURNED = ['id', 'productKey', 'productId', 'status'];

export interface ActionResult {
  /** reviews changed */
  count: number;
  /** reviews deleted for good (delete without a recycle bin, or from the bin) */
  purged: number;
}

type Patch = Record<string, unknown>;
interface Plan {
  patch: Patch;
  where?: (qb: ReturnType<Tenant['query']>) => void;
}

function planFor(action: Exclude<Action, 'delete'>): Plan {
  const now = new Date();
  const notTrash = (qb: ReturnType<Tenant['query']>) => qb.whereNot('status', 'trash');
  switch (action) {
    case 'publish':
      return {
        patch: { status: 'published', publishedAt: raw('coalesce(published_at, now())') },
        where: (qb) => qb.whereNot('status', 'trash').whereNot('status', 'published'),
      };
    case 'unpublish':
      return { patch: { status: 'unpublished' }, where: (qb) => qb.whereIn('status', ['published', 'pending']) };
    case 'restore':
      return {
        patch: { status: raw("coalesce(trashed_from, 'unpublished')"), trashedFrom: null, deletedAt: null },
        where: (qb) => qb.where('status', 'trash'),
      };
    case 'verify':
      // imported reviews are never a verified buyer's (SHOPIFY.md, Policy)
      return { patch: { verified: true }, where: (qb) => qb.where('imported', false).where('verified', false) };
    case 'unverify':
      return { patch: { verified: false }, where: (qb) => qb.where('verified', true) };
    case 'feature':
      return { patch: { featured: true }, where: notTrash };
    case 'unfeature':
      return { patch: { featured: false } };
    case 'pin':
      return { patch: { pinned: true }, where: notTrash };
    case 'unpin':
      return { patch: { pinned: false } };
    case 'add-testimonial':
      return { patch: { testimonial: true }, where: notTrash };
    case 'remove-testimonial':
      return { patch: { testimonial: false } };
    default:
      return { patch: { updatedAt: now } };
  }
}

/** Runs an action over ids of the tenant's shop; ids of other shops simply match nothing. */
export async function runAction(knex: Knex, tenant: Tenant, action: Action, ids: number[], opts: ActionOptions): Promise<ActionResult> {
  return knex.transaction(async (trx) => {
    if (action === 'delete') return deleteReviews(trx, tenant, ids, opts);
    const { patch, where } = planFor(action);
    const qb = tenant.query(Review, trx).whereIn('reviews.id', ids);
    where?.(qb);
    const rows = (await qb.patch({ ...patch, updatedAt: new Date() } as never).returning(RETURNED)) as unknown as Review[];
    if (['publish', 'unpublish', 'restore'].includes(action)) await recomputeSummaries(trx, tenant.shopId, keysOf(rows));
    await emitReviewChanges(
      opts.events,
      tenant,
      action === 'publish' ? ReviewPublished : ReviewUpdated,
      action,
      rows.map((r) => changedReview(r)),
      trx,
    );
    return { count: rows.length, purged: 0 };
  });
}

/** To the recycle bin when the tier has it; for good otherwise, and for reviews already in the bin. */
async function deleteReviews(trx: Knex.Transaction, tenant: Tenant, ids: number[], { recycleBin, events }: ActionOptions): Promise<ActionResult> {
  const purgedRows = (await tenant
    .query(Review, trx)
    .whereIn('reviews.id', ids)
    .modify((qb) => (recycleBin ? qb.where('status', 'trash') : qb))
    .delete()
    .returning(RETURNED)) as unknown as Review[];
  let trashed: Review[] = [];
  if (recycleBin) {
    trashed = (await tenant
      .query(Review, trx)
      .whereIn('reviews.id', ids)
      .whereNot('status', 'trash')
      .patch({ status: 'trash', trashedFrom: raw('status'), deletedAt: new Date(), updatedAt: new Date() } as never)
      .returning(RETURNED)) as unknown as Review[];
  }
  await recomputeSummaries(trx, tenant.shopId, keysOf([...purgedRows, ...trashed]));
  const gone = [...purgedRows.map((r) => changedReview(r, 'deleted')), ...trashed.map((r) => changedReview(r))];
  await emitReviewChanges(events, tenant, ReviewDeleted, 'delete', gone, trx);
  return { count: purgedRows.length + trashed.length, purged: purgedRows.length };
}
