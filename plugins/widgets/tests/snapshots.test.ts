// The worker side of the ReviewFeed capability: the widgets snapshot workflow, run on a real
// worker against the store emulator, renders a shop's review (created through the reviews plugin's
// API) into the product's plaudit.review_box metafield. The worker resolves the capability from
// the plugins' manifests like the API does; nothing re-discovers plugins.
import { startWidgetStack, demoShop, addReview, syncNow, type Stack } from './browser/storefront-helpers';

let stack: Stack;
beforeAll(async () => {
  stack = await startWidgetStack('widgets-snapshots');
});
afterAll(() => stack?.close());

test('the snapshot activity reads the review through the capability and writes it to the metafield', async () => {
  const shop = await demoShop(stack);
  const product = shop.products[0];
  await addReview(shop, { productId: product.id, productTitle: product.title, rating: 4, content: 'Snapshot-worthy words.' });
  const result = await syncNow(stack, shop);
  expect(result.shops).toBe(1);
  expect(result.written).toBeGreaterThan(0);
  const state = await stack.control<{ metafields: { ownerId: string; namespace: string; key: string; value: string }[] }>(`/state/${shop.domain}`);
  const box = state.metafields.find((m) => m.ownerId === product.id && m.namespace === 'plaudit' && m.key === 'review_box');
  expect(box?.value).toContain('Snapshot-worthy words.');
  // The review settings also arrive through the capability: rich snippets on by default.
  expect(box?.value).toContain('application/ld+json');
});
