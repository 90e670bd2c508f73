// Issue 33, deliverable 1: groups by tag and by SKU prefix, on the real stack (API, worker, store
// emulator, PostgreSQL, Temporal). A tag group follows the products' tags through the store's
// products/update and products/delete webhooks and the review box follows it; a manual group takes a
// product from a rule group and gives it back when it lets go; a SKU-prefix group finds its products
// in the catalogue when saved. Bad rules are 400s naming the field.
import { eventually, usePlatformStackWithWorker, withPlugins } from '@plaudit/kernel/testing';
import { groupOf, shopWithReviews, storeProduct } from './helpers';

// each step waits for a webhook: the store's retries come 1, 5, 30 and 120 s after a delivery our intake
// was too busy to take within Shopify's 5 s (this session's CI run at load ~12 missed a 60 s wait)
const WEBHOOK_WAIT = 180_000;
jest.setTimeout(10 * 60_000);
const env = usePlatformStackWithWorker('product-groups-rules');

type Group = { id: number; kind: string; match: string; products: { id: string; title: string }[] };

withPlugins('widgets', 'reviews')("a tag group follows its products' tags through the webhooks; manual wins", async () => {
  const { stack } = env;
  const { admin, domain, products, widget } = await shopWithReviews(stack);
  const [mug, blue, green] = products;
  const box = async (id: string) => (await widget('review-box', id)).text();
  // a rule group's members, sorted: their order follows the webhooks' arrival, which Shopify does not promise
  const group = async (id: number): Promise<string[]> => ((await admin.get(`/api/product-groups/${id}`)).body as Group).products.map((p) => p.id).sort();
  const tag = (id: string, tags: string[]) => stack.control(`/shops/${domain}/products/${id.split('/').pop()}/update`, { tags });

  const created = await admin.post('/api/product-groups', { name: 'Linen family', kind: 'tag', match: 'linen-family' });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ kind: 'tag', match: 'linen-family', products: [] });
  const id = created.body.id as number;

  // the merchant tags two products in the store (the tag in another case too): products/update brings them in
  await tag(mug.id, ['linen-family']);
  await tag(blue.id, ['Linen-Family', 'sale']);
  await eventually(async () => (await group(id)).length === 2, WEBHOOK_WAIT);
  expect(await group(id)).toEqual([mug.id, blue.id].sort());
  const grouped = await eventually(async () => {
    const html = await box(mug.id);
    return html.includes('Review of product 1.') && html;
  }, WEBHOOK_WAIT);
  expect(grouped).toContain(`Reviewed: ${blue.title}`);
  expect(grouped).toContain('Based on 2 reviews');

  // the tag removed: the product leaves, and the box follows
  await tag(blue.id, ['sale']);
  await eventually(async () => (await group(id)).length === 1, WEBHOOK_WAIT);
  await eventually(async () => !(await box(mug.id)).includes('Review of product 1.'), WEBHOOK_WAIT);

  // a manual group takes the mug (manual wins); deleted, it gives the mug back to the tag group
  const manual = await admin.post('/api/product-groups', groupOf([green, mug], { name: 'Gift set' }));
  expect(manual.status).toBe(201);
  expect(await group(id)).toEqual([]);
  // a product of the manual group tagged too: it stays where the merchant put it
  await tag(green.id, ['linen-family']);
  expect((await admin.delete(`/api/product-groups/${manual.body.id}`)).status).toBe(200);
  expect(await group(id)).toEqual([mug.id, green.id].sort());

  // a product deleted from the store leaves its group
  await stack.control(`/shops/${domain}/products/${green.id.split('/').pop()}/delete`, {});
  await eventually(async () => (await group(id)).length === 1, WEBHOOK_WAIT);
  expect(await group(id)).toEqual([mug.id]);

  // Shopify promises no order: green's products/update (tagged) processed after its deletion is
  // ignored (which update of two wins is db/changes.ts's, unit-tested in changes.unit.test.ts)
  await lateUpdate(stack, domain, green.id, 'linen-family');
  expect(await group(id)).toEqual([mug.id]);
});

/** The products/update Shopify sent earlier for the product with the tag, delivered now; resolves once processed. */
async function lateUpdate(stack: typeof env.stack, domain: string, productId: string, tag: string) {
  const earlier = (await (await fetch(`${stack.emulator.url}/_emulator/webhooks?shop=${domain}&topic=products/update`)).json()) as { body: string }[];
  const payload = earlier.map((d) => JSON.parse(d.body)).find((b) => b.admin_graphql_api_id === productId && b.tags.split(', ').includes(tag));
  const [sent] = await stack.emulator.webhooks.send([{ topic: 'products/update', shop: domain, payload }], { wait: true });
  await eventually(
    async () => (await stack.api.knex('webhook_deliveries').where({ shopDomain: domain, webhookId: sent.webhookId }).first())?.status === 'processed',
    WEBHOOK_WAIT,
  );
}

withPlugins('widgets', 'reviews')('a SKU-prefix group finds its products in the catalogue; bad rules are 400s', async () => {
  const { stack } = env;
  const { admin, domain, products, widget } = await shopWithReviews(stack);
  const [, blue, green] = products;
  // the merchant gives two products SKUs of one family
  for (const [i, p] of [blue, green].entries()) {
    const variants = storeProduct(stack, domain, p.id).variants.map((v, n) => ({ id: v.id, sku: `LINEN-${i}-${n}` }));
    await stack.control(`/shops/${domain}/products/${p.id.split('/').pop()}/update`, { variants });
  }
  const created = await admin.post('/api/product-groups', { name: 'Linen', kind: 'skuPrefix', match: 'linen', sameProduct: true });
  expect(created.status).toBe(201);
  expect(created.body.products.map((p: { id: string; title: string }) => [p.id, p.title])).toEqual([
    [blue.id, blue.title],
    [green.id, green.title],
  ]);
  const html = await eventually(async () => {
    const h = await (await widget('review-box', green.id)).text();
    return h.includes('Review of product 1.') && h;
  }, WEBHOOK_WAIT);
  expect(html).toContain(`Reviewed: ${blue.title}`);

  // a rule's bad value, or a rule without one, names the field; the kind is checked
  const bad = async (body: object) => (await admin.post('/api/product-groups', { name: 'Bad', ...body })).body.errors;
  expect(await bad({ kind: 'skuPrefix', match: 'LIN EN' })).toEqual({ match: 'The value is invalid' });
  expect(await bad({ kind: 'tag' })).toEqual({ match: 'This field is required' });
  expect(await bad({ kind: 'collection', match: 'x' })).toEqual({ kind: 'The value is invalid' });
});
