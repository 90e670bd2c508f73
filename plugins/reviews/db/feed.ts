// The storefront's read contract (the ReviewFeed capability, contracts/reviews.ts): published reviews only
// (and a customer's own awaiting approval, when the customer portal asks),
// mapped to PublicReview (no email, no order ids, "First L."), in the orders shoppers can choose,
// paged by keyset cursors so a deep page costs what the first one does. Every query is the
// tenant's; the partial indexes of 20261202100000_storefront_feed.ts serve each sort.
import type { QueryBuilder } from 'objection';
import type { z } from 'zod';
import { cursorKey, keysetCursor, type CursorCodec, type Tenant } from '@plaudit/kernel';
import {
  type FeedSort,
  LINKED_STORE_SOURCE,
  type PublicReview,
  type RatingSummary,
  type ReviewFeedPage,
  type ReviewFeedQuery,
} from '@plaudit/contracts/reviews';
import type { MediaItem } from '../shared/review';
import { Review, ReviewSummary } from './review.model';
import { ownSummaries, shopSummary, toProductSummary } from './summaries';

/** The channel the reviews trigger (and display-settings saves) NOTIFY with a shop id. */
export const REVIEW_FEED_CHANNEL = 'plaudit_review_feed';

type KeyType = 'bool' | 'int' | 'date';
interface SortKey {
  /** SQL of the key, as the partial indexes spell it */
  sql: string;
  dir: 'asc' | 'desc';
  type: KeyType;
  value(r: Review): boolean | number | string;
}

const createdAt: SortKey = { sql: 'reviews.created_at', dir: 'desc', type: 'date', value: (r) => new Date(r.createdAt!).toISOString() };
const id: SortKey = { sql: 'reviews.id', dir: 'desc', type: 'int', value: (r) => r.id };
const rating = (dir: 'asc' | 'desc'): SortKey => ({ sql: 'reviews.rating', dir, type: 'int', value: (r) => r.rating });

export const FEED_SORT_KEYS: Record<FeedSort, SortKey[]> = {
  featured: [
    { sql: 'reviews.pinned', dir: 'desc', type: 'bool', value: (r) => r.pinned },
    { sql: 'reviews.featured', dir: 'desc', type: 'bool', value: (r) => r.featured },
    createdAt,
    id,
  ],
  newest: [createdAt, id],
  highest: [rating('desc'), createdAt, id],
  lowest: [rating('asc'), createdAt, id],
  media: [{ sql: '(reviews.media_count > 0)', dir: 'desc', type: 'bool', value: (r) => (r.mediaCount ?? 0) > 0 }, createdAt, id],
};

const COLUMNS = [
  'id',
  'status',
  'kind',
  'productId',
  'productTitle',
  'productHandle',
  'rating',
  'title',
  'content',
  'firstName',
  'lastName',
  'country',
  'locale',
  'variants',
  'media',
  'mediaCount',
  'verified',
  'incentivized',
  'featured',
  'pinned',
  'replyContent',
  'repliedAt',
  'createdAt',
  'updatedAt',
].map((c) => `reviews.${c}`);

type CursorValue = boolean | number | string;

const PART: Record<KeyType, z.ZodType<CursorValue>> = { bool: cursorKey.bool, int: cursorKey.int, date: cursorKey.instant };

/** Per sort, its cursor: the sort's key values, scoped to the sort (a cursor of another sort, or any tampering, is a 400 on `after`). */
const FEED_CURSORS = Object.fromEntries(
  Object.entries(FEED_SORT_KEYS).map(([sort, keys]) => [
    sort,
    keysetCursor(
      keys.map((k) => PART[k.type]),
      { scope: sort, field: 'after' },
    ),
  ]),
) as Record<FeedSort, CursorCodec<CursorValue[]>>;

function encodeCursor(sort: FeedSort, r: Review): string {
  return FEED_CURSORS[sort].encode(FEED_SORT_KEYS[sort].map((k) => k.value(r)));
}

/**
 * Rows strictly after `values`. Runs of keys with one direction compare as rows, which PostgreSQL
 * starts an index range from; a change of direction (lowest: rating up, then newest first) nests
 * "greater, or equal and then the rest", behind a bound on the first run so the index still starts near.
 */
function seek(qb: QueryBuilder<Review>, keys: SortKey[], values: CursorValue[]) {
  const runs: { keys: SortKey[]; values: CursorValue[] }[] = [];
  keys.forEach((k, i) => {
    const last = runs[runs.length - 1];
    if (last && last.keys[0].dir === k.dir) {
      last.keys.push(k);
      last.values.push(values[i]);
    } else runs.push({ keys: [k], values: [values[i]] });
  });
  const row = (run: (typeof runs)[number]) => `(${run.keys.map((k) => k.sql).join(', ')})`;
  const params = (run: (typeof runs)[number]) => `(${run.keys.map(() => '?').join(', ')})`;
  const after = (run: (typeof runs)[number]) => (run.keys[0].dir === 'asc' ? '>' : '<');
  let sql = '';
  const bindings: CursorValue[] = [];
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i];
    if (!sql) {
      sql = `${row(run)} ${after(run)} ${params(run)}`;
      bindings.push(...run.values);
    } else {
      sql = `${row(run)} ${after(run)} ${params(run)} OR (${row(run)} = ${params(run)} AND (${sql}))`;
      bindings.unshift(...run.values, ...run.values);
    }
  }
  if (runs.length > 1) {
    qb.whereRaw(`${row(runs[0])} ${after(runs[0])}= ${params(runs[0])}`, runs[0].values);
  }
  qb.whereRaw(`(${sql})`, bindings);
}

/** "Ada L.": first name and last initial; whichever part exists; "Anonymous" without a name. */
export function reviewerName(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim() ?? '';
  const initial = Array.from(lastName?.trim() ?? '')[0]?.toUpperCase();
  if (first && initial) return `${first} ${initial}.`;
  if (first) return first;
  if (initial) return `${initial}.`;
  return 'Anonymous';
}

export function toPublicReview(r: Review): PublicReview {
  return {
    id: r.id,
    kind: r.kind,
    productId: r.productId ?? null,
    productTitle: r.productTitle ?? null,
    productHandle: r.productHandle ?? null,
    rating: r.rating,
    title: r.title ?? null,
    content: r.content,
    author: reviewerName(r.firstName, r.lastName),
    country: r.country ?? null,
    locale: r.locale ?? null,
    variants: r.variants ?? [],
    media: (r.media ?? []).map(feedMedia),
    verified: r.verified,
    incentivized: r.incentivized,
    featured: r.featured,
    pinned: r.pinned,
    reply: r.replyContent ? { content: r.replyContent, at: new Date(r.repliedAt ?? r.updatedAt!).toISOString() } : null,
    createdAt: new Date(r.createdAt!).toISOString(),
    updatedAt: new Date(r.updatedAt!).toISOString(),
    ...(r.status === 'pending' ? { pending: true } : {}),
    ...(r.demo ? { demo: true } : {}),
  };
}

/** A Shopify customer id as stored on reviews (a gid) and as the app proxy sends it (digits). */
function customerIds(value: string): string[] {
  const digits = /^\d+$/.test(value) ? value : /^gid:\/\/shopify\/Customer\/(\d+)$/.exec(value)?.[1];
  return digits ? [digits, `gid://shopify/Customer/${digits}`] : [value];
}

/** Reviews written by this customer: by their Shopify id, or by their email. */
function ownReviews(w: QueryBuilder<Review, Review[]>, customer: NonNullable<ReviewFeedQuery['customer']>) {
  if (customer.id) w.orWhereIn('reviews.customerId', customerIds(customer.id));
  if (customer.email) w.orWhereRaw('lower(reviews.email) = lower(?)', [customer.email]);
}

/**
 * Which of these products the customer has reviewed, whatever became of the review (awaiting
 * approval, unpublished, in the recycle bin): the customer portal asks no one twice.
 */
async function reviewedProducts(tenant: Tenant, customer: NonNullable<ReviewFeedQuery['customer']>, productIds: string[]): Promise<string[]> {
  if ((!customer.id && !customer.email) || !productIds.length) return [];
  const rows = await tenant
    .query(Review)
    .whereIn('reviews.productKey', productIds)
    .where((w) => ownReviews(w, customer))
    .distinct('reviews.productKey');
  return rows.map((r) => r.productKey!);
}

async function reviews(tenant: Tenant, q: ReviewFeedQuery): Promise<ReviewFeedPage> {
  const sort = q.sort ?? 'featured';
  const keys = FEED_SORT_KEYS[sort];
  // A customer's own reviews may include those awaiting approval (the customer portal's choice).
  const statuses = q.customer?.includePending ? ['published', 'pending'] : ['published'];
  const qb = tenant.query(Review).whereIn('reviews.status', statuses).select(COLUMNS);
  if (q.productId !== undefined) qb.where('reviews.productKey', q.productId ?? '');
  if (q.kind) qb.where('reviews.kind', q.kind);
  if (q.productIds) qb.whereIn('reviews.productKey', q.productIds);
  if (q.ids) qb.whereIn('reviews.id', q.ids);
  if (q.stars) qb.whereIn('reviews.rating', q.stars);
  if (q.withMedia) qb.where('reviews.mediaCount', '>', 0);
  if (q.testimonial) qb.where('reviews.testimonial', true);
  if (q.excludeDemo) qb.where('reviews.demo', false);
  if (q.excludeCopies) qb.whereNot('reviews.source', LINKED_STORE_SOURCE);
  if (q.customer) {
    const { id: customerId, email } = q.customer;
    // Someone's own reviews only: without an id or an email there is nobody to match.
    if (!customerId && !email) return { items: [], nextCursor: null };
    qb.where((w) => ownReviews(w, q.customer!));
  }
  if (q.after) seek(qb, keys, FEED_CURSORS[sort].decode(q.after));
  for (const k of keys) qb.orderByRaw(`${k.sql} ${k.dir}`);
  // Plain rows (knex maps the names): model instances would only be turned into PublicReviews, at
  // twice the CPU of the query itself on a busy storefront.
  const rows = (await qb.limit(q.limit + 1).toKnexQuery()) as Review[];
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toPublicReview),
    nextCursor: rows.length > q.limit ? encodeCursor(sort, page[page.length - 1]) : null,
  };
}

type Summary = RatingSummary;

/** One entry per asked product id; products without published reviews count zero. */
async function summaries(tenant: Tenant, productIds: string[], options: { excludeCopies?: boolean } = {}): Promise<Record<string, Summary>> {
  const ids = [...new Set(productIds)];
  const out: Record<string, Summary> = {};
  for (const productId of ids) out[productId] = { productId, count: 0, average: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, mediaCount: 0 };
  if (options.excludeCopies) return { ...out, ...(await ownSummaries(tenant, ids)) };
  const rows = ids.length ? await tenant.query(ReviewSummary).whereIn('productKey', ids) : [];
  for (const s of rows) out[s.productKey] = toProductSummary(s);
  return out;
}

async function version(tenant: Tenant): Promise<string> {
  // tenancy: the version row of the tenant's own shop
  const { rows } = await Review.knex().raw('SELECT version FROM review_feed_versions WHERE shop_id = ?', [tenant.shopId]);
  return String(rows[0]?.version ?? 0);
}

/** The feed's queries; the ReviewFeed capability adds the storefront's settings (capabilities.ts). */
export const feedQueries = { reviews, reviewedProducts, summaries, shopSummary, version, channel: REVIEW_FEED_CHANNEL };

/** A media item as the storefront gets it: a photo's renditions, a video's poster, captions and length. */
function feedMedia(m: MediaItem): PublicReview['media'][number] {
  if (m.type !== 'video') return { url: m.url, type: 'image', ...(m.variants?.length ? { variants: m.variants } : {}) };
  const { poster, captions, caption, seconds } = m;
  return {
    url: m.url,
    type: 'video',
    ...(poster ? { poster } : {}),
    ...(captions ? { captions } : {}),
    ...(caption ? { caption } : {}),
    ...(seconds ? { seconds } : {}),
  };
}
