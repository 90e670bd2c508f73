// Bringing copies in line with their origin reviews. A published product review of the origin shop
// whose product shares a variant SKU with a product of the other shop is imported there (through the
// reviews plugin's import: its validation, recounts and caches), marked with the LINKED_STORE_SOURCE
// and an import key naming the origin review and a hash of what was copied. An edited origin is
// copied again and the old copy removed; an origin no longer shown loses its copy. Each step is safe
// to repeat: the import skips a key the shop has, and the key gives back the copy's id.
import crypto from 'node:crypto';
import type { ActivityDeps, Tenant } from '@plaudit/kernel';
import { LINKED_STORE_SOURCE, type ImportedReviewInput, type PublicReview, ReviewAdmin, ReviewWrite } from '@plaudit/contracts/reviews';
import { type CopyRow, copiesOf, forgetCopy, recordCopies } from '../db/copies';
import { type MatchedProduct, matchProducts } from '../shared/catalogue';
import type { LinkSide } from '../shared/link';

export interface Direction {
  linkKey: string;
  from: LinkSide;
  to: LinkSide;
}

const tenantOf = (deps: ActivityDeps, s: LinkSide) => deps.tenant(s.shopId, s.shopDomain);

/** What a copy carries of its origin (and the product it lands on): a change of any of it copies again. */
function copyHash(r: PublicReview, product: MatchedProduct): string {
  const copied = [product.id, r.rating, r.title, r.content, r.author, r.reply?.content, r.media.map((m) => m.url), r.variants, r.incentivized];
  return crypto.createHash('sha256').update(JSON.stringify(copied)).digest('hex').slice(0, 16);
}

const importKey = (originShopId: number, originReviewId: number, hash: string) => `linked:${originShopId}:${originReviewId}:${hash}`;

/** "Ada L." as the origin shows the reviewer: first name and initial, no email. */
function author(name: string): Pick<ImportedReviewInput, 'firstName' | 'lastName'> {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(' ') || null };
}

function copyOf(r: PublicReview, product: MatchedProduct, key: string): ImportedReviewInput {
  return {
    kind: 'product',
    productId: product.id,
    productTitle: product.title,
    productHandle: product.handle,
    rating: r.rating,
    title: r.title,
    content: r.content,
    ...author(r.author),
    locale: r.locale,
    country: r.country,
    variants: r.variants,
    media: r.media.map((m) => ({ url: m.url, type: m.type, ...(m.variants ? { variants: m.variants } : {}) })),
    source: LINKED_STORE_SOURCE,
    status: 'published',
    createdAt: r.createdAt,
    reply: r.reply ? { content: r.reply.content, at: r.reply.at } : null,
    incentivized: r.incentivized,
    importKey: key,
    importedVerified: r.verified,
    // the demo stores share their sample reviews; the copies go with "Delete demo reviews" too
    ...(r.demo ? { demo: true } : {}),
  };
}

/** Removes a copy for good (the recycle bin, then out of it); a copy already gone is fine. */
export async function removeReview(deps: ActivityDeps, tenant: Tenant, reviewId: number) {
  const admin = deps.capabilities.require(ReviewAdmin);
  const first = await admin.remove(tenant, reviewId);
  if (first && !first.purged) await admin.remove(tenant, reviewId);
}

/** Copies these origin reviews (published, shown to shoppers) to the other shop where a product matches. */
export async function copyReviews(deps: ActivityDeps, d: Direction, reviews: PublicReview[]): Promise<number> {
  // without the store's API no product can be matched: nothing is copied, and nothing removed
  if (!deps.platform) return 0;
  const target = tenantOf(deps, d.to);
  const products = reviews.filter((r) => r.kind === 'product' && r.productId);
  const held = await copiesOf(
    target,
    d.from.shopId,
    products.map((r) => r.id),
  );
  const productIds = [...new Set(products.map((r) => r.productId!))];
  const matches = await matchProducts(deps.platform.adminApi(d.from.shopDomain), deps.platform.adminApi(d.to.shopDomain), productIds);

  const rows: ImportedReviewInput[] = [];
  const planned: { originReviewId: number; originHash: string; key: string }[] = [];
  for (const r of products) {
    const product = matches.get(r.productId!);
    const old = held.get(r.id);
    const hash = product ? copyHash(r, product) : '';
    if (old && old.originHash === hash) continue;
    // the origin changed or its product no longer matches: the old copy goes first
    if (old) {
      await removeReview(deps, target, old.reviewId);
      await forgetCopy(target, d.from.shopId, r.id);
    }
    if (!product) continue;
    const key = importKey(d.from.shopId, r.id, hash);
    rows.push(copyOf(r, product, key));
    planned.push({ originReviewId: r.id, originHash: hash, key });
  }
  if (!rows.length) return 0;
  const write = deps.capabilities.require(ReviewWrite);
  await write.importReviews(target, rows);
  // the ids by key: a copy imported by an earlier attempt (then interrupted) is found the same way
  const ids = await write.importedIds(
    target,
    planned.map((p) => p.key),
  );
  const copies: CopyRow[] = planned
    .filter((p) => ids[p.key])
    .map((p) => ({ originReviewId: p.originReviewId, reviewId: ids[p.key], originHash: p.originHash }));
  await recordCopies(target, d.linkKey, d.from.shopId, copies);
  return copies.length;
}

/** Origin reviews no longer shown (unpublished, deleted, turned into a store review): their copies go. */
export async function removeCopiesOf(deps: ActivityDeps, d: Direction, originReviewIds: number[]) {
  const target = tenantOf(deps, d.to);
  for (const copy of (await copiesOf(target, d.from.shopId, originReviewIds)).values()) {
    await removeReview(deps, target, copy.reviewId);
    await forgetCopy(target, d.from.shopId, copy.originReviewId);
  }
}
