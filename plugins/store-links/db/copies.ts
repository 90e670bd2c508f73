// The copies a shop holds of its linked shops' reviews: origin review -> the review made here, and a
// hash of what was copied (an edited origin is copied again).
import type { Tenant } from '@plaudit/kernel';
import type { ReviewOrigin } from '@plaudit/contracts/store-links';

export const COPIES = 'store_link_copies';

export interface CopyRow {
  originReviewId: number;
  reviewId: number;
  originHash: string;
}

/** The copies of these origin reviews held by `tenant`. */
export async function copiesOf(tenant: Tenant, originShopId: number, originReviewIds: number[]): Promise<Map<number, CopyRow>> {
  if (!originReviewIds.length) return new Map();
  const rows: { originReviewId: string | number; reviewId: string | number; originHash: string }[] = await tenant
    .table(COPIES)
    .where('origin_shop_id', originShopId)
    .whereIn('origin_review_id', originReviewIds)
    .select('originReviewId', 'reviewId', 'originHash');
  return new Map(
    rows.map((r) => [Number(r.originReviewId), { originReviewId: Number(r.originReviewId), reviewId: Number(r.reviewId), originHash: r.originHash }]),
  );
}

export async function recordCopies(tenant: Tenant, linkKey: string, originShopId: number, copies: CopyRow[]) {
  if (!copies.length) return;
  await tenant
    .insertInto(
      COPIES,
      copies.map((c) => ({ linkKey, originShopId, ...c })),
    )
    .onConflict(['shop_id', 'origin_shop_id', 'origin_review_id'])
    .merge(['review_id', 'origin_hash', 'link_key']);
}

export async function forgetCopy(tenant: Tenant, originShopId: number, originReviewId: number) {
  await tenant.table(COPIES).where({ origin_shop_id: originShopId, origin_review_id: originReviewId }).delete();
}

/** A page of the link's copies held by `tenant`. */
export async function copiesOfLink(
  tenant: Tenant,
  linkKey: string,
  limit: number,
): Promise<{ originShopId: number; originReviewId: number; reviewId: number }[]> {
  const rows: { originShopId: string | number; originReviewId: string | number; reviewId: string | number }[] = await tenant
    .table(COPIES)
    .where('link_key', linkKey)
    .orderBy('origin_review_id')
    .limit(limit)
    .select('originShopId', 'originReviewId', 'reviewId');
  return rows.map((r) => ({ originShopId: Number(r.originShopId), originReviewId: Number(r.originReviewId), reviewId: Number(r.reviewId) }));
}

/** StoreLinkOrigins: the origin of each asked review that is a copy (the link's partner as stored at linking). */
export async function originsOf(tenant: Tenant, reviewIds: number[]): Promise<Record<number, ReviewOrigin>> {
  if (!reviewIds.length) return {};
  const rows: { reviewId: string | number; partnerCountry: string | null; partnerName: string }[] = await tenant
    .table(COPIES)
    .join('store_links', function () {
      this.on('store_links.shop_id', '=', 'store_link_copies.shop_id').andOn('store_links.partner_shop_id', '=', 'store_link_copies.origin_shop_id');
    })
    .whereIn('store_link_copies.review_id', reviewIds)
    .select('store_link_copies.review_id as reviewId', 'store_links.partner_country as partnerCountry', 'store_links.partner_name as partnerName');
  return Object.fromEntries(rows.map((r) => [Number(r.reviewId), { country: r.partnerCountry, shopName: r.partnerName }]));
}
