// Issue 33, deliverable 1: a group of three products showing each other's reviews with the right
// product names and counts; the JSON-LD rating per product unless the merchant says the group is one
// item; the storefront's stars follow the group; turning sharing off or deleting the group gives
// each product its own reviews back. Another shop's groups are out of reach.
import { client, eventually, startPlatformStack, withPlugins } from '@plaudit/kernel/testing';
import { groupOf, jsonLdOf, shopWithReviews } from './helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

withPlugins('widgets', 'reviews')(
  "a grouped product shows its siblings' reviews, each naming its product; JSON-LD stays per product unless one item",
  async () => {
    const { admin, products, widget } = await shopWithReviews(stack);
    const [shirt, blue, green] = products;
    const box = async (query = '') => (await widget('review-box', shirt.id, query)).text();

    const before = await box();
    expect(before).toContain('Review of product 0.');
    expect(before).not.toContain('Review of product 1.');

    const { status, body: group } = await admin.post('/api/product-groups', groupOf(products));
    expect(status).toBe(201);
    expect(group).toMatchObject({ name: 'Linen shirt', shareReviews: true, sameProduct: false });
    expect(group.products.map((p: { id: string }) => p.id)).toEqual(products.map((p) => p.id));

    // the cached box drops with the group's version: all three reviews, the siblings' named
    const grouped = await eventually(async () => {
      const html = await box();
      return html.includes('Review of product 2.') && html;
    }, 60_000);
    expect(grouped).toContain('Review of product 1.');
    expect(grouped).toContain(`Reviewed: ${blue.title}`);
    expect(grouped).toContain(`Reviewed: ${green.title}`);
    expect(grouped).not.toContain(`Reviewed: ${shirt.title}`);
    expect(grouped).toContain('Based on 3 reviews');
    // related products: Google gets the shirt's own rating and only its own review
    const related = jsonLdOf(grouped)!;
    expect(related.name).toBe(shirt.title);
    expect(related.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(related.review.map((r: { reviewBody: string }) => r.reviewBody)).toEqual(['Review of product 0.']);

    // a sibling's page and its stars show the group too; "load more"'s fragment names the products
    expect(await (await widget('review-box', green.id)).text()).toContain(`Reviewed: ${shirt.title}`);
    const stars = await (await widget('star-rating', blue.id)).text();
    expect(stars).toMatch(/3 reviews/);
    const fragment = await (await widget('review-box', shirt.id, '&fragment=list')).text();
    expect(fragment).toContain(`Reviewed: ${blue.title}`);
    // the star filter works over the group: the 2-star review is the green one
    const low = await box('&stars=2');
    expect(low).toContain('Review of product 2.');
    expect(low).not.toContain('Review of product 0.');

    // one item in variants: the group's rating stands for the product, with every review shown
    expect((await admin.put(`/api/product-groups/${group.id}`, { ...group, sameProduct: true })).status).toBe(200);
    const same = await eventually(async () => {
      const ld = jsonLdOf(await box());
      return ld?.aggregateRating.reviewCount === 3 && ld;
    }, 60_000);
    expect(same.aggregateRating.ratingValue).toBe(3.67);
    expect(same.review).toHaveLength(3);

    // sharing off: each product its own reviews again, the group kept
    expect((await admin.put(`/api/product-groups/${group.id}`, { ...group, shareReviews: false })).status).toBe(200);
    const own = await eventually(async () => {
      const html = await box();
      return !html.includes('Review of product 1.') && html;
    }, 60_000);
    expect(own).toContain('Based on 1 review');
    expect(own).not.toContain('Reviewed:');

    // on again, then deleted: back to its own
    expect((await admin.put(`/api/product-groups/${group.id}`, { ...group, shareReviews: true })).status).toBe(200);
    await eventually(async () => (await box()).includes('Review of product 1.'), 60_000);
    expect((await admin.delete(`/api/product-groups/${group.id}`)).status).toBe(200);
    await eventually(async () => !(await box()).includes('Review of product 1.'), 60_000);
    expect((await admin.get(`/api/product-groups/${group.id}`)).status).toBe(404);
  },
);

test('a product is in one group at most; bad groups are 400s naming the field; another shop cannot reach a group', async () => {
  const { admin, products, appToken } = await shopWithReviews(stack);
  const [shirt, blue, green] = products;
  const { body: group } = await admin.post('/api/product-groups', groupOf([shirt, blue]));

  const taken = await admin.post('/api/product-groups', groupOf([blue, green], { name: 'Other' }));
  expect(taken.status).toBe(400);
  expect(taken.body.errors).toEqual({ products: `${blue.title} is already in the group "Linen shirt"` });

  const alone = await admin.post('/api/product-groups', groupOf([green]));
  expect(alone.status).toBe(400);
  expect(alone.body.errors).toEqual({ products: 'Choose at least 2 products' });
  const unnamed = await admin.post('/api/product-groups', { ...groupOf([green, blue]), name: ' ' });
  expect(unnamed.status).toBe(400);
  expect(unnamed.body.errors).toEqual({ name: 'This field is required' });
  const notProduct = await admin.post('/api/product-groups', groupOf([shirt, { ...green, id: 'gid://shopify/Collection/1' }]));
  expect(notProduct.status).toBe(400);

  // moving a product: out of the first group, into a new one
  expect(
    (await admin.put(`/api/product-groups/${group.id}`, { ...group, products: group.products.slice(0, 1).concat([{ id: green.id, title: green.title }]) }))
      .status,
  ).toBe(200);
  expect((await admin.post('/api/product-groups', groupOf([blue, { ...green, id: 'gid://shopify/Product/999999' }], { name: 'Moved' }))).status).toBe(201);
  const list = (await admin.get('/api/product-groups')).body.items;
  expect(list.map((g: { name: string; products: { id: string }[] }) => [g.name, g.products.length])).toEqual([
    ['Moved', 2],
    ['Linen shirt', 2],
  ]);

  const other = await stack.installShop();
  const stranger = client(stack.appUrl, other.appToken);
  expect((await stranger.get('/api/product-groups')).body.items).toEqual([]);
  expect((await stranger.get(`/api/product-groups/${group.id}`)).status).toBe(404);
  expect((await stranger.put(`/api/product-groups/${group.id}`, groupOf([shirt, blue]))).status).toBe(404);
  expect((await stranger.delete(`/api/product-groups/${group.id}`)).status).toBe(404);
  // the other shop may group the same products in its own store
  expect((await stranger.post('/api/product-groups', groupOf([shirt, blue]))).status).toBe(201);
  expect((await client(stack.appUrl, appToken).get(`/api/product-groups/${group.id}`)).body.name).toBe('Linen shirt');
});
