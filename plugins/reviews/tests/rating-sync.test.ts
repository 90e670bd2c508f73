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

test('published reviews become the product metafields; later changes follow', async () => {
  const { domain, appToken, shop } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const api = stack.api.runtime.services.platform!.adminApi(domain);
  const {
    nodes: [product],
  } = await api.products({ first: 1 });
  for (const rating of [5, 4, 3]) {
    const res = await http.post('/api/reviews', {
      kind: 'product',
      productId: product.id,
      productTitle: product.title,
      rating,
      content: `rated ${rating}`,
      firstName: 'Ann',
      status: 'published',
    });
    expect(res.status).toBe(201);
  }
  const run = () => stack.api.runtime.services.temporal.execute(ReviewsRatingSync, { workflowId: `rating-sync-${Date.now()}`, taskQueue, args: [] });
  expect(await run()).toBeGreaterThanOrEqual(1);
  const read = async () =>
    (
      await api.graphql<{ product: { rating: { value: string } | null; count: { value: string } | null } }>(
        `query($id: ID!) { product(id: $id) { rating: metafield(namespace: "reviews", key: "rating") { value } count: metafield(namespace: "reviews", key: "rating_count") { value } } }`,
        { id: product.id },
      )
    ).product;
  expect(JSON.parse((await read()).rating!.value).value).toBe('4.00');
  expect((await read()).count!.value).toBe('3');
  // nothing of this shop's is left to push (a run's count is every shop's: other files publish reviews meanwhile)
  const unpushed = () =>
    stack.api.knex('review_summaries').where({ shopId: shop.id }).whereNot('productKey', '').whereRaw('(synced_at is null or synced_at < updated_at)');
  expect(await unpushed()).toEqual([]);

  await http.post('/api/reviews', {
    kind: 'product',
    productId: product.id,
    productTitle: product.title,
    rating: 5,
    content: 'another',
    firstName: 'Bo',
    status: 'published',
  });
  await run();
  expect(JSON.parse((await read()).rating!.value).value).toBe('4.25');
});
