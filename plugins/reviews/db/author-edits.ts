// A reviewer's own edits and deletes (issue 33, api/mine/): the review changed, re-moderated by the
// shop's rules, its summaries recomputed, the history row written, the webhooks' change event and the
// merchant's notice (AuthorChanged, durable) recorded, all in one transaction.
import type { Knex } from 'knex';
import type { EventBus, Tenant } from '@plaudit/kernel';
import { ReviewDeleted, ReviewUpdated } from '@plaudit/contracts/reviews';
import { AuthorChanged, type AuthorAction, type AuthorChanges } from '../shared/author-changes';
import type { MediaItem } from '../shared/review';
import { changedReview, emitReviewChanges } from './change-events';
import { Review } from './review.model';
import { recomputeSummaries } from './summaries';

export const AUTHOR_CHANGES = 'review_author_changes';

export interface AuthorEdit {
  rating: number;
  title: string | null;
  content: string;
  media: MediaItem[];
}

export interface ModerationRules {
  /** the shop's rule for new reviews: publish at once ('all') or hold for the merchant */
  autoPublish: 'all' | 'hold';
  /** the spam check of the words (api/collect/spam.ts) */
  spam: (text: string) => boolean;
}

/**
 * The status an edit leaves: new words or photos are moderated as a new review's would be (the same
 * rule, which never reads the rating); an edit with nothing new to check (the stars alone, photos
 * removed) keeps the status the review had, so a published review shows its lowered rating at once.
 */
export function statusAfterEdit(before: Review, edit: AuthorEdit, rules: ModerationRules): string {
  const known = new Set((before.media ?? []).map((m) => m.url));
  const newWords = edit.content !== before.content || (edit.title ?? null) !== (before.title ?? null);
  const newPhotos = edit.media.some((m) => !known.has(m.url));
  if (!newWords && !newPhotos) return before.status;
  const held = rules.autoPublish !== 'all' || rules.spam(`${edit.title ?? ''} ${edit.content}`);
  return held ? 'pending' : 'published';
}

/** The reviewer's reviews in this shop, newest first (the recycle bin's are the merchant's, not shown). */
export function reviewsOfAuthor(tenant: Tenant, email: string, trx?: Knex.Transaction) {
  return tenant.query(Review, trx).whereRaw('lower(email) = ?', [email.toLowerCase()]).whereNull('deletedAt').whereNot('status', 'trash').orderBy('id', 'desc');
}

/** What changed, field by field (media by their URLs). */
function diff(before: Review, edit: AuthorEdit): AuthorChanges {
  const changes: AuthorChanges = {};
  const pairs: [string, unknown, unknown][] = [
    ['rating', before.rating, edit.rating],
    ['title', before.title ?? null, edit.title],
    ['content', before.content, edit.content],
    ['media', (before.media ?? []).map((m) => m.url), edit.media.map((m) => m.url)],
  ];
  for (const [field, from, to] of pairs) if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  return changes;
}

async function record(
  trx: Knex.Transaction,
  events: EventBus,
  tenant: Tenant,
  row: { reviewId: number; action: AuthorAction; email: string; changes: AuthorChanges; status: string | null },
) {
  const [saved] = await tenant
    .insertInto(
      AUTHOR_CHANGES,
      { reviewId: row.reviewId, action: row.action, byEmail: row.email, changes: JSON.stringify(row.changes), status: row.status },
      trx,
    )
    .returning('id');
  const changeId = Number(saved.id);
  await events.emit(
    AuthorChanged,
    { shopId: tenant.shopId, shopDomain: tenant.shopDomain, reviewId: row.reviewId, action: row.action, changeId },
    { key: changeId, shopDomain: tenant.shopDomain, trx },
  );
  return changeId;
}

export type EditOutcome = { review: Review; changed: boolean } | undefined;

/** Applies the reviewer's edit to their review; undefined when it is not theirs (or gone). */
export function editByAuthor(
  knex: Knex,
  events: EventBus,
  tenant: Tenant,
  email: string,
  reviewId: number,
  edit: AuthorEdit,
  rules: ModerationRules,
): Promise<EditOutcome> {
  return knex.transaction(async (trx) => {
    const before = await reviewsOfAuthor(tenant, email, trx).findById(reviewId).forUpdate();
    if (!before) return undefined;
    const changes = diff(before, edit);
    if (!Object.keys(changes).length) return { review: before, changed: false };
    const status = statusAfterEdit(before, edit, rules);
    const publishedAt = status === 'published' ? (before.status === 'published' ? before.publishedAt : new Date()) : null;
    const review = await tenant.query(Review, trx).patchAndFetchById(reviewId, { ...edit, status, publishedAt, updatedAt: new Date() } as never);
    await recomputeSummaries(trx, tenant.shopId, [before.productKey ?? before.productId]);
    await record(trx, events, tenant, { reviewId, action: 'edit', email, changes, status });
    await emitReviewChanges(events, tenant, ReviewUpdated, 'author-edit', [changedReview(review)], trx);
    return { review, changed: true };
  });
}

/**
 * Deletes the reviewer's review for good (their erasure, not the merchant's recycle bin: nobody can
 * restore it). The history keeps that it was deleted and when; earlier entries keep only which
 * fields were changed, not the words.
 */
export function deleteByAuthor(knex: Knex, events: EventBus, tenant: Tenant, email: string, reviewId: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const review = await reviewsOfAuthor(tenant, email, trx).findById(reviewId).forUpdate();
    if (!review) return false;
    await tenant.query(Review, trx).deleteById(reviewId);
    await recomputeSummaries(trx, tenant.shopId, [review.productKey ?? review.productId]);
    await forgetWords(trx, tenant, reviewId);
    await record(trx, events, tenant, { reviewId, action: 'delete', email, changes: {}, status: null });
    await emitReviewChanges(events, tenant, ReviewDeleted, 'author-delete', [changedReview(review, 'deleted')], trx);
    return true;
  });
}

/** Earlier history of a deleted review: which fields changed stays, what they said goes. */
async function forgetWords(trx: Knex.Transaction, tenant: Tenant, reviewId: number) {
  await tenant
    .table(AUTHOR_CHANGES, trx)
    .where({ reviewId })
    .update({ changes: trx.raw("(SELECT coalesce(jsonb_object_agg(k, '{}'::jsonb), '{}'::jsonb) FROM jsonb_object_keys(changes) AS k)") });
}

export interface HistoryRow {
  id: number;
  reviewId: number;
  action: AuthorAction;
  byEmail: string;
  changes: AuthorChanges;
  status: string | null;
  createdAt: Date;
}

/** The history of a review, oldest first (the merchant's view). */
export function historyOfReview(tenant: Tenant, reviewId: number): Promise<HistoryRow[]> {
  return tenant.table(AUTHOR_CHANGES).where({ reviewId }).orderBy('id').select('id', 'reviewId', 'action', 'byEmail', 'changes', 'status', 'createdAt');
}

/** One change, for the merchant's notice. */
export function authorChange(tenant: Tenant, id: number): Promise<HistoryRow | undefined> {
  return tenant.table(AUTHOR_CHANGES).where({ id }).first('id', 'reviewId', 'action', 'byEmail', 'changes', 'status', 'createdAt');
}

/** Everything the reviewer changed in this shop (their data download). */
export function historyOfAuthor(tenant: Tenant, email: string): Promise<HistoryRow[]> {
  return tenant
    .table(AUTHOR_CHANGES)
    .where({ byEmail: email.toLowerCase() })
    .orderBy('id')
    .select('id', 'reviewId', 'action', 'changes', 'status', 'createdAt');
}
