// Sample reviews so a newcomer sees a living app: marked demo, removable in one action.
import type { Knex } from 'knex';
import type { ApiServices, Tenant } from '@plaudit/kernel';
import { DemoReviewsChanged } from '@plaudit/contracts/reviews';
import { Review } from '../db/review.model';
import { keysOf, recomputeSummaries } from '../db/summaries';

export const DEMO_COUNT = 300;

const PRODUCTS = [
  { id: 'gid://shopify/Product/9000000000000000001', title: 'Merino Wool Beanie', handle: 'merino-wool-beanie' },
  { id: 'gid://shopify/Product/9000000000000000002', title: 'Canvas Weekender Bag', handle: 'canvas-weekender-bag' },
  { id: 'gid://shopify/Product/9000000000000000003', title: 'Ceramic Pour-Over Set', handle: 'ceramic-pour-over-set' },
  { id: 'gid://shopify/Product/9000000000000000004', title: 'Linen Throw Blanket', handle: 'linen-throw-blanket' },
];
const NAMES = [
  ['Ava', 'Martin'],
  ['Liam', 'Nguyen'],
  ['Sofia', 'Rossi'],
  ['Noah', 'Schmidt'],
  ['Mia', 'Dubois'],
  ['Lucas', 'Tanaka'],
  ['Emma', 'Kim'],
  ['Leo', 'García'],
];
const TEXTS: Record<number, string[]> = {
  5: ['Absolutely love it, exactly as described.', 'Great quality and fast shipping. Would buy again!', 'Exceeded my expectations.'],
  4: ['Very good, just a little smaller than I expected.', 'Nice product, packaging could be better.'],
  3: ['It is okay. Does the job.', 'Average quality for the price.'],
  2: ['Not great, the colour faded after a week.', 'Took a long time to arrive.'],
  1: ['Broke on the first day, disappointed.', 'Not as pictured.'],
};
const SOURCES = ['customer', 'customer', 'customer', 'guest', 'imported', 'aliexpress'];

/** Small deterministic PRNG (mulberry32) so every demo shop gets the same sample. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoProduct {
  id: string;
  title: string;
  handle: string;
  /** the product's own picture: a fifth of its demo reviews show it as the customer's photo */
  imageUrl?: string | null;
}

/** Who seeds: the database and the durable events that announce the sample (DemoReviewsChanged). */
type DemoServices = Pick<ApiServices, 'knex' | 'events'>;

/**
 * Seeds the shop's sample once: while one is in place, seeding again writes and announces nothing
 * and answers the sample's size (`seeded: false`). A repeated click, or a client retrying its
 * request, used to delete and rewrite the whole sample, and every plugin reading reviews
 * (insights, analytics, language detection) to read it all again for nothing.
 */
export async function seedDemo(
  { knex, events }: DemoServices,
  tenant: Tenant,
  count = DEMO_COUNT,
  products: DemoProduct[] = PRODUCTS,
  /** another seed, other reviewers and texts (the demo's sister store) */
  seed = 42,
): Promise<{ count: number; seeded: boolean }> {
  return knex.transaction(async (trx) => {
    await lockDemo(trx, tenant);
    const present = await demoCount(trx, tenant);
    if (present > 0) return { count: present, seeded: false };
    const rows = sampleRows(count, products, seed);
    for (let i = 0; i < rows.length; i += 500) {
      await tenant.query(Review, trx).insert(rows.slice(i, i + 500).map((r) => ({ ...r, shopId: tenant.shopId })) as never);
    }
    await recomputeSummaries(trx, tenant.shopId, ['', ...products.map((p) => p.id)]);
    await announceDemo(events, trx, tenant, 'seeded', rows.length);
    return { count: rows.length, seeded: true };
  });
}

/** The sample's reviews, the same for every shop given the same seed (dates count back from now). */
function sampleRows(count: number, products: DemoProduct[], seed: number) {
  const rand = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const rating = [5, 5, 5, 4, 4, 3, 2, 1][Math.floor(rand() * 8)];
    const [firstName, lastName] = pick(NAMES);
    const store = i % 10 === 9;
    const product = pick(products);
    const source = pick(SOURCES);
    const imported = !['customer', 'guest', 'admin'].includes(source);
    return {
      kind: store ? 'store' : 'product',
      productId: store ? null : product.id,
      productTitle: store ? null : product.title,
      productHandle: store ? null : product.handle,
      rating,
      title: rating >= 4 ? 'Lovely' : rating === 3 ? 'Fine' : 'Disappointing',
      content: pick(TEXTS[rating]),
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${i}@example.com`,
      country: pick(['US', 'GB', 'DE', 'FR', 'JP', 'CA']),
      media: !store && product.imageUrl && rand() < 0.2 ? [{ type: 'image', url: product.imageUrl }] : [],
      source,
      imported,
      verified: !imported && rand() < 0.7,
      featured: rand() < 0.05,
      status: rand() < 0.9 ? 'published' : 'unpublished',
      publishedAt: new Date(now - i * 3_600_000),
      demo: true,
      // the sample's texts are English: language detection has nothing to find in them
      language: 'en',
      createdAt: new Date(now - i * 3_600_000 - Math.floor(rand() * 3_600_000)),
    };
  });
  return rows;
}

const DEMO_LOCK = 5_106; // advisory-lock key space of demo seeding

/**
 * One seeding or removal per shop at a time: two overlapping seeds would each find no sample yet
 * and leave twice the sample (or deadlock on the summaries).
 */
async function lockDemo(trx: Knex.Transaction, tenant: Tenant) {
  await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [DEMO_LOCK, tenant.shopId]);
}

async function demoCount(trx: Knex.Transaction, tenant: Tenant): Promise<number> {
  const [{ n }] = (await tenant.query(Review, trx).where('demo', true).count({ n: '*' })) as unknown as { n: string }[];
  return Number(n);
}

/** Removes the shop's sample reviews and says so (the merchant's "remove demo data"); none there, nothing said. */
export async function removeDemoReviews({ knex, events }: DemoServices, tenant: Tenant): Promise<number> {
  return knex.transaction(async (trx) => {
    await lockDemo(trx, tenant);
    const removed = (await tenant.query(Review, trx).where('demo', true).delete().returning(['id', 'productKey'])) as unknown as Review[];
    if (!removed.length) return 0;
    await recomputeSummaries(trx, tenant.shopId, keysOf(removed));
    await announceDemo(events, trx, tenant, 'removed', removed.length);
    return removed.length;
  });
}

async function announceDemo(events: ApiServices['events'], trx: Knex.Transaction, tenant: Tenant, change: 'seeded' | 'removed', count: number) {
  const at = new Date();
  const payload = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, change, count, at: at.toISOString() };
  await events.emit(DemoReviewsChanged, payload, { key: `${tenant.shopId}:${change}:${at.getTime()}`, shopDomain: tenant.shopDomain, trx });
}
