// The queries behind ReviewLabels (contracts/reviews/labels.ts) and the labels Manage reviews shows
// and filters by: a source's labels replaced whole, a page's labels for its chips, the list's label
// conditions, and the facets its filters are built from.
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { Tenant } from '@plaudit/kernel';
import type { ReviewLabelEntry, ReviewLabelsApi, ReviewLabelTone } from '@plaudit/contracts/reviews';
import { type LabelFacet, labelEntries, labelsByGroup, labelSource, type LabelFacets, reviewIds, type ShownLabel } from '../shared/labels';
import type { ListQuery } from '../shared/review';
import type { Review } from './review.model';

const LABELS = 'review_labels';

/** Replaces `source`'s labels on the shop's reviews among `entries`; answers how many it found. */
async function replaceLabels(knex: Knex, tenant: Tenant, source: string, entries: ReviewLabelEntry[]): Promise<number> {
  // a review named twice: its last entry
  const valid = new Map(labelEntries.parse(entries).map((e) => [e.reviewId, e.labels]));
  const from = labelSource.parse(source);
  if (!valid.size) return 0;
  return knex.transaction(async (trx) => {
    // one writer per shop and source at a time: two replacements of one review would otherwise
    // each delete, then both insert (a duplicate key, or the two label sets merged)
    // tenancy: a lock named after this shop, no rows read
    await trx.raw('select pg_advisory_xact_lock(hashtext(?), hashtext(?))', [LABELS, `${tenant.shopId}:${from}`]);
    // the shop's reviews only, kept from a delete for good until the labels are in
    const ids = (
      await tenant
        .table('reviews', trx)
        .whereIn('id', [...valid.keys()])
        .orderBy('id')
        .forKeyShare()
        .pluck('id')
    ).map(Number);
    if (!ids.length) return 0;
    await tenant.table(LABELS, trx).where('source', from).whereIn('review_id', ids).delete();
    const rows = ids.flatMap((reviewId) =>
      valid.get(reviewId)!.map((l) => ({ reviewId, source: from, labelGroup: l.group, labelKey: l.key, tone: l.tone ?? null })),
    );
    if (rows.length) await tenant.insertInto(LABELS, rows, trx);
    return ids.length;
  });
}

export function reviewLabelsApi(knex: Knex): ReviewLabelsApi {
  return {
    async set(tenant, reviewId, source, labels) {
      return (await replaceLabels(knex, tenant, source, [{ reviewId, labels }])) > 0;
    },
    setMany: (tenant, source, entries) => replaceLabels(knex, tenant, source, entries),
    async clear(tenant, source, ids) {
      const from = labelSource.parse(source);
      const q = tenant.table(LABELS).where('source', from);
      if (ids) {
        const only = reviewIds.parse(ids);
        if (!only.length) return;
        q.whereIn('review_id', only);
      }
      await q.delete();
    },
  };
}

/** The labels of these reviews (a page of the list), by review. */
export async function labelsOf(tenant: Tenant, ids: number[]): Promise<Map<number, ShownLabel[]>> {
  const byReview = new Map<number, ShownLabel[]>();
  if (!ids.length) return byReview;
  const rows = (await tenant
    .table(LABELS)
    .whereIn('review_id', ids)
    .orderBy(['review_id', 'label_group', 'label_key', 'source'])
    .select('reviewId', 'source', 'labelGroup', 'labelKey', 'tone')) as {
    reviewId: string;
    source: string;
    labelGroup: string;
    labelKey: string;
    tone: ReviewLabelTone | null;
  }[];
  for (const r of rows) {
    const id = Number(r.reviewId);
    byReview.set(id, [...(byReview.get(id) ?? []), { source: r.source, group: r.labelGroup, key: r.labelKey, tone: r.tone }]);
  }
  return byReview;
}

type LabelFilters = Pick<ListQuery, 'label' | 'tone' | 'needsLook'>;

/**
 * The list's label conditions on `qb` (the shop's reviews): every group named, one of its keys;
 * a mention tone both asks for a label of that tone and keeps, among the chosen labels, those not
 * of the opposite tone ("negative" + fit: fit complained about; a flag is never opposite); needsLook
 * asks for a flag. Each is an EXISTS on the review's labels, so keyset paging and counts stay as they are.
 */
export function whereLabels(qb: QueryBuilder<Review>, tenant: Tenant, q: LabelFilters) {
  const labelsOfRow = () => tenant.table(LABELS).select(1).whereRaw(`${LABELS}.review_id = reviews.id`);
  const opposite = q.tone === 'positive' ? 'negative' : 'positive';
  for (const [group, keys] of labelsByGroup(q.label ?? [])) {
    const chosen = labelsOfRow().where(`${LABELS}.label_group`, group).whereIn(`${LABELS}.label_key`, keys);
    qb.whereExists(q.tone ? chosen.whereRaw(`${LABELS}.tone is distinct from ?`, [opposite]) : chosen);
  }
  if (q.tone) qb.whereExists(labelsOfRow().where(`${LABELS}.tone`, q.tone));
  if (q.needsLook === true) qb.whereExists(labelsOfRow().where(`${LABELS}.tone`, 'flag'));
  if (q.needsLook === false) qb.whereNotExists(labelsOfRow().where(`${LABELS}.tone`, 'flag'));
}

/**
 * The labels on the reviews `listed` selects (the list's tab and filters, without its label filters),
 * grouped, most carried first: the list's label filters and their counts. Counted in one pass, no
 * distinct (a review carries a group and key once per source, so a label two plugins both put on a
 * review counts twice); the flagged reviews are counted apart, from the tone index (a few per cent).
 */
export async function labelFacets(knex: Knex, tenant: Tenant, listed: QueryBuilder<Review>): Promise<LabelFacets> {
  listed.clearSelect().clearOrder().select('reviews.id');
  const ofListed = () => tenant.table(LABELS).whereIn('review_id', listed.toKnexQuery());
  const [rows, [flagged]] = (await Promise.all([
    ofListed()
      .groupBy('label_group', 'label_key')
      .select('labelGroup', 'labelKey', knex.raw('min(source) as source'), knex.raw('count(*)::int as reviews'))
      .select(knex.raw("count(*) filter (where tone = 'positive')::int as positive"))
      .select(knex.raw("count(*) filter (where tone = 'negative')::int as negative"))
      .select(knex.raw("count(*) filter (where tone = 'flag')::int as flag"))
      .orderBy([{ column: 'label_group' }, { column: 'reviews', order: 'desc' }, { column: 'label_key' }]),
    ofListed().where('tone', 'flag').select(knex.raw('count(distinct review_id)::int as reviews')),
  ])) as [(Omit<LabelFacet, 'key'> & { labelGroup: string; labelKey: string })[], { reviews: number }[]];
  const groups = new Map<string, LabelFacets['groups'][number]>();
  const mentions = { positive: 0, negative: 0 };
  for (const { labelGroup, labelKey, ...counts } of rows) {
    const group = groups.get(labelGroup) ?? { group: labelGroup, source: counts.source, labels: [] };
    group.labels.push({ key: labelKey, ...counts });
    groups.set(labelGroup, group);
    mentions.positive += counts.positive;
    mentions.negative += counts.negative;
  }
  return { groups: [...groups.values()], mentions, needsLook: flagged.reviews };
}
