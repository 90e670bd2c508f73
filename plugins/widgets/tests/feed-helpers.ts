// Shared by the storefront read tests: shops, reviews created through the reviews plugin's own API
// (the merchant's POST /api/reviews, its bulk actions, the storefront submit endpoint, and its
// `ReviewWrite` capability's import for what the merchant cannot type: widgets never writes or
// reads another plugin's tables), the ReviewFeed capability, and proxy signing.
import http from 'node:http';
import { appProxySignature, tenantFor } from '@plaudit/kernel';
import { client, createShop, eventDelivered, eventually, type TestApi } from '@plaudit/kernel/testing';
import { ReviewCreated, ReviewFeed, ReviewWrite, type ImportedReviewInput, type ReviewFeedApi } from '@plaudit/contracts/reviews';

export const SECRET = 'storefront-test-secret';
export const productGid = (n: number | string) => `gid://shopify/Product/${n}`;

type Http = ReturnType<typeof client>;

export async function shopWithClient(api: TestApi, fields: Record<string, unknown> = {}) {
  const s = await createShop(api, { plan: 'pro', ...fields });
  return {
    ...s,
    domain: s.shop.shopifyDomain as string,
    http: client(api.url, s.token),
    direct: client(`${api.url}/storefront/shops/${s.shop.shopifyDomain}`),
  };
}

/** Until the reviews' ReviewCreated deliveries are over: their listeners' writes (a review's detected language) move the shop's versions. */
export async function listenersDone(api: TestApi, reviews: { id: number }[]) {
  const { client: temporal } = api.runtime.services.temporal;
  for (const r of reviews) await eventDelivered(temporal, ReviewCreated, r.id);
}

/** The capability as the API resolved it (the reviews plugin's implementation). */
export function feedOf(api: TestApi): ReviewFeedApi {
  return api.runtime.services.capabilities.require(ReviewFeed);
}

export interface ReviewSpec {
  kind?: 'product' | 'store';
  productId?: string | null;
  productTitle?: string;
  productHandle?: string;
  rating?: number;
  title?: string;
  content?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  media?: { url: string; type: 'image' | 'video' }[];
  createdAt?: Date;
  /** trash: created unpublished, then deleted */
  status?: 'published' | 'unpublished' | 'trash';
  featured?: boolean;
  pinned?: boolean;
  testimonial?: boolean;
  /** a verified buyer's (the merchant's bulk action 'verify') */
  verified?: boolean;
}

/** What the test knows of a review it created: the spec as stored, with its id and time. */
export interface Created extends Required<Pick<ReviewSpec, 'kind' | 'rating' | 'status' | 'featured' | 'pinned' | 'testimonial' | 'verified'>> {
  id: number;
  productId: string | null;
  email: string;
  mediaCount: number;
  createdAt: Date;
}

let seq = 0;
/** A published five-star review of product 1 by Ann Lee, with any field replaced. */
export function reviewSpec(fields: ReviewSpec = {}): ReviewSpec {
  seq++;
  return {
    kind: 'product',
    productId: productGid(1),
    productTitle: 'Wool Hat',
    productHandle: 'wool-hat',
    rating: 5,
    content: `review ${seq}`,
    firstName: 'Ann',
    lastName: 'Lee',
    email: `ann${seq}@example.com`,
    ...fields,
  };
}

const FLAGS = [
  ['featured', 'feature'],
  ['pinned', 'pin'],
  ['testimonial', 'add-testimonial'],
  ['verified', 'verify'],
] as const;

/** What the test knows of a review made from `spec`: its flags as asked, its id and time as stored. */
function created(spec: ReviewSpec, id: number, productId: string | null, createdAt: Date): Created {
  return {
    id,
    kind: spec.kind!,
    productId,
    rating: spec.rating!,
    status: spec.status ?? 'published',
    featured: !!spec.featured,
    pinned: !!spec.pinned,
    testimonial: !!spec.testimonial,
    verified: !!spec.verified,
    email: spec.email!,
    mediaCount: spec.media?.length ?? 0,
    createdAt,
  };
}

/** The reviews' flags and trash, set with the merchant's bulk actions. */
async function applyFlags(http: Http, reviews: Created[]) {
  const bulk = async (action: string, ids: number[]) => {
    for (let i = 0; i < ids.length; i += 100) {
      const res = await http.post(`/api/reviews/bulk/${action}`, { ids: ids.slice(i, i + 100) });
      if (res.status !== 200) throw new Error(`bulk ${action}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  for (const [flag, action] of FLAGS)
    await bulk(
      action,
      reviews.filter((r) => r[flag]).map((r) => r.id),
    );
  await bulk(
    'delete',
    reviews.filter((r) => r.status === 'trash').map((r) => r.id),
  );
}

/** Creates the reviews as the merchant would (a POST and a `ReviewCreated` each), then applies flags and trash with bulk actions. */
export async function createReviews(http: Http, specs: ReviewSpec[]): Promise<Created[]> {
  const out: Created[] = [];
  for (const spec of specs.map((s) => reviewSpec(s))) {
    const { status = 'published', featured, pinned, testimonial, verified, createdAt, productId, ...fields } = spec;
    const res = await http.post('/api/reviews', {
      ...fields,
      ...(fields.kind === 'store' ? {} : { productId }),
      createdAt: createdAt?.toISOString(),
      status: status === 'trash' ? 'unpublished' : status,
    });
    if (res.status !== 201) throw new Error(`review not created: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(created(spec, res.body.id, res.body.productId, new Date(res.body.createdAt)));
  }
  await applyFlags(http, out);
  return out;
}

/**
 * The same reviews in one import (the `ReviewWrite` capability: one statement, no `ReviewCreated`, so no
 * listener's workflow runs), then the same bulk actions: for a test of what the feed reads from many
 * reviews, not of how each one arrives. A spec without a time gets the import's moment.
 */
export async function importedReviews(api: TestApi, s: { shop: { id: number; shopifyDomain: string }; http: Http }, specs: ReviewSpec[]): Promise<Created[]> {
  const now = new Date();
  const full = specs.map((spec) => reviewSpec({ createdAt: now, ...spec }));
  const rows = full.map(({ status = 'published', featured, pinned, testimonial, verified, productId, rating, ...fields }) => ({
    ...fields,
    rating: rating!,
    productId: fields.kind === 'store' ? null : productId,
    status: status === 'trash' ? ('unpublished' as const) : status,
  }));
  const ids = await importReviews(api, s.shop, rows);
  const out = full.map((spec, i) => created(spec, ids[i], spec.kind === 'store' ? null : spec.productId!, spec.createdAt!));
  await applyFlags(s.http, out);
  return out;
}

/** A review to import (the contract's row). */
export type ImportedReview = ImportedReviewInput;

/** Creates many reviews at once through the reviews plugin's capability (imported reviews, one feed version). */
export async function importReviews(api: TestApi, shop: { id: number; shopifyDomain: string }, rows: ImportedReview[]): Promise<number[]> {
  return (await api.runtime.services.capabilities.require(ReviewWrite).importReviews(tenantFor(shop.id, shop.shopifyDomain), rows)).ids;
}

/** A review the signed-in shopper posts through the app proxy (the reviews plugin's submit route). */
export async function submitAsCustomer(api: TestApi, shop: string, customerId: string, fields: Record<string, string>) {
  const res = await fetch(`${api.url}/storefront/proxy/reviews?${signedQuery(shop, {}, { customerId })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rating: '5', firstName: 'Cy', email: `cy${customerId}@example.net`, ...fields }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`review not submitted: ${res.status} ${JSON.stringify(body)}`);
  return body.data as { id: number; status: string };
}

/** A query string signed the way Shopify's app proxy signs it. */
export function signedQuery(shop: string, params: Record<string, string> = {}, opts: { customerId?: string; secret?: string; timestamp?: number } = {}) {
  const query: Record<string, string> = {
    ...params,
    shop,
    logged_in_customer_id: opts.customerId ?? '',
    path_prefix: '/apps/plaudit',
    timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
  };
  query.signature = appProxySignature(query, opts.secret ?? SECRET);
  return new URLSearchParams(query).toString();
}

/** A server with nothing but the widgets' fast lane: 599 whenever it leaves a request to the app. */
export async function fastLaneOnly(api: TestApi) {
  const widgets = api.runtime.plugins.find((p) => p.id === 'widgets')!;
  const lane = widgets.fastLane!(api.runtime.services);
  const server = http.createServer(async (req, res) => {
    if (!(await lane(req, res))) res.writeHead(599).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, close: () => new Promise((r) => server.close(r)) };
}

/**
 * The app's answer to `path` (which caches it), then the fast lane's, read again until the lane served
 * it: writes that land after a test's own waits (insights' readings of new reviews, a moderation's
 * listeners) notify the cache's channel and may drop the shop's entries between the two reads. A lane
 * that never serves what the app cached fails the wait.
 */
export function appThenLane(api: TestApi, laneUrl: string, path: string) {
  return eventually(async () => {
    const full = await fetch(api.url + path);
    const fullBody = await full.text();
    const fast = await fetch(laneUrl + path);
    return fast.status === 200 && { full, fullBody, fast };
  });
}

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
