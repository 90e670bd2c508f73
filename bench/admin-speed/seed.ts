// The bench shop's data for the interactions, written straight to the tables as the plugins' own
// tests seed them (plugins/reviews/tests/helpers.ts, plugins/review-requests/tests/browser/queue-helpers.ts).
import type { Knex } from 'knex';

/** reviews selected and published at once, one page of the list */
export const BULK_PAGE = 50;

/** Enough unpublished reviews for every run to publish a fresh page of them, and a queue of requests. */
export async function seedInteractions(knex: Knex, shopId: number, runs: number) {
  const reviews = Array.from({ length: BULK_PAGE * runs + 10 }, (_, i) => ({
    shopId,
    kind: 'product',
    productId: `gid://shopify/Product/${1000 + (i % 20)}`,
    rating: (i % 5) + 1,
    content: `Bench review ${i + 1}: arrived quickly, fits as described.`,
    firstName: 'Ann',
    lastName: 'Lee',
    email: `ann${i}@example.com`,
    source: 'customer',
    status: 'unpublished',
  }));
  // tenancy: the bench shop's rows
  await knex('reviews').insert(reviews);
  const start = Date.now() - 40 * 60_000;
  const queue = Array.from({ length: 40 }, (_, i) => ({
    shopId,
    orderId: String(900000 + i),
    name: `#${1001 + i}`,
    status: i % 2 ? 'success' : 'waiting',
    customerName: `Buyer ${i}`,
    customerEmail: `buyer${i}@example.com`,
    lineItems: JSON.stringify([
      { productId: `gid://shopify/Product/${1000 + i}`, productTitle: `Item ${i}`, productImage: null, productLink: null, title: `Item ${i}`, quantity: 1 },
    ]),
    workflowId: `bench-${shopId}-${i}`,
    createdAt: new Date(start + i * 60_000),
  }));
  // tenancy: the bench shop's rows
  await knex('email_queue').insert(queue);
}
