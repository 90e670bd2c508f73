// Product ratings reach Shopify's reviews.rating and reviews.rating_count metafields through the
// platform adapter, batched by the minute-by-minute sync (run here directly on its own worker).
import { client, startPlatformStack, startTestWorker } from '@plaudit/kernel/testing';
import { ReviewsRatingSync } from '../shared/workflows';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let stopWorker: () => Promise<void>;
const taskQueue = `rating-sync-${process.pid}`;

beforeAll(async () => {
  stack = await startPlatformStack({ TEMPORAL_TASK_QUEUE: taskQueue });
  stopWorker = await startTestWorker(stack.api.config);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await stack?.close();
});

const run = () => stack.api.runtime.services.temporal.execute(ReviewsRatingSync, { workflowId: `rating-sync-${crypto.randomUUID()}`, taskQueue, args: [] });

/** The product's rating metafields as Shopify answers them. */
async function metafieldsOf(domain: string, productId: string) {
  const query = `query($id: ID!) { product(id: $id) { rating: metafield(namespace: "reviews", key: "rating") { value } count: metafield(namespace: "reviews", key: "rating_count") { value } } }`;
  type Answer = { product: { rating: { value: string } | null; count: { value: string } | null } };
  return (await stack.api.runtime.services.platform!.adminApi(domain).graphql<Answer>(query, { id: productId })).product;
}

/** A published review of the shop's first product, as the merchant adds one. */
async function review(appToken: string, product: { id: string; title: string }, rating: number, firstName = 'Ann') {
  const res = await client(stack.appUrl, appToken).post('/api/reviews', {
    kind: 'product',
    productId: product.id,
    productTitle: product.title,
    rating,
    content: `rated ${rating}`,
    firstName,
    status: 'published',
  });
  expect(res.status).toBe(201);
}

/** A new shop, installed, and its first product. */
async function shopWithProduct() {
  const installed = await stack.installShop();
  const { nodes } = await stack.api.runtime.services.platform!.adminApi(installed.domain).products({ first: 1 });
  return { ...installed, product: nodes[0] };
}

test('published reviews become the product metafields; later changes follow', async () => {
  const { domain, appToken, shop, product } = await shopWithProduct();
  for (const rating of [5, 4, 3]) await review(appToken, product, rating);
  expect(await run()).toBeGreaterThanOrEqual(1);
  const pushed = await metafieldsOf(domain, product.id);
  expect(JSON.parse(pushed.rating!.value).value).toBe('4.00');
  expect(pushed.count!.value).toBe('3');
  // nothing of this shop's is left to push (a run's count is every shop's: other files publish reviews meanwhile)
  const unpushed = () =>
    stack.api.knex('review_summaries').where({ shopId: shop.id }).whereNot('productKey', '').whereRaw('(synced_at is null or synced_at < updated_at)');
  expect(await unpushed()).toEqual([]);

  await review(appToken, product, 5, 'Bo');
  await run();
  expect(JSON.parse((await metafieldsOf(domain, product.id)).rating!.value).value).toBe('4.25');
});

test("ratings Shopify refuses (products deleted there) wait behind the rest: two hundred and one of them hold up no other shop's", async () => {
  const refusing = await stack.installShop();
  const refused = () => stack.api.knex('review_summaries').where({ shopId: refusing.shop.id });
  // tenancy: the refusing shop's summaries, as reviews of products since deleted in Shopify left them, older than any change below
  await stack.api.knex('review_summaries').insert(
    Array.from({ length: 201 }, (_, i) => ({
      shopId: refusing.shop.id,
      productKey: `gid://shopify/Product/${990_000 + i}`,
      count: 1,
      ratingSum: 4,
      stars4: 1,
      updatedAt: stack.api.knex.raw("now() - interval '1 hour'"),
    })),
  );
  try {
    const { domain, appToken, product, shop } = await shopWithProduct();
    await review(appToken, product, 2);
    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(JSON.parse((await metafieldsOf(domain, product.id)).rating!.value).value).toBe('2.00');
    // each refused one waits a minute before its next try (another file's run may have tried it first)
    const waiting = await refused().whereRaw('sync_retry_at > now()').where('syncFailures', '>=', 1).count({ n: '*' });
    expect(Number(waiting[0].n)).toBe(201);

    // after its third refusal, the fourth waits eight minutes
    const [one] = await refused().orderBy('id').limit(1);
    const from = Date.now();
    await refused()
      .where({ id: one.id })
      .update({ syncFailures: 3, syncRetryAt: stack.api.knex.raw("now() - interval '1 second'") });
    await run();
    const to = Date.now();
    const after = await refused().where({ id: one.id }).first();
    // (a run of another file's may have refused it at the same instant: a fifth refusal then, sixteen minutes)
    expect(after.syncFailures).toBeGreaterThanOrEqual(4);
    const wait = 2 ** (after.syncFailures - 1) * 60_000;
    expect(after.syncRetryAt.getTime()).toBeGreaterThanOrEqual(from + wait - 1);
    expect(after.syncRetryAt.getTime()).toBeLessThanOrEqual(to + wait + 1);

    // a new change ends a wait (refused during an outage of Shopify's): the next run pushes it
    const own = () => stack.api.knex('review_summaries').where({ shopId: shop.id, productKey: product.id });
    await own().update({ syncFailures: 5, syncRetryAt: stack.api.knex.raw("now() + interval '1 hour'") });
    await review(appToken, product, 4, 'Bo');
    expect((await own().first()).syncRetryAt).toBeNull();
    await run();
    expect(JSON.parse((await metafieldsOf(domain, product.id)).rating!.value).value).toBe('3.00');
    expect(await own().first()).toMatchObject({ syncFailures: 0, syncRetryAt: null });
  } finally {
    await refused().del();
  }
});
