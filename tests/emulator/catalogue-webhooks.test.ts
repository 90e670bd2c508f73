// The webhooks of a product or a review metaobject changing (emulator/product-events.ts,
// emulator/metaobject-events.ts), in Shopify's payload shapes: products/update with the REST Product
// (barcodes and SKUs of its variants) and products/delete with its id, after the merchant's edit or
// deletion through the control API; metaobjects/create, /update and /delete after the app's upsert
// and delete, and after the merchant's edit and deletion in the admin.
import { parse } from 'lossless-json';
import { DEMO_SHOP, eventually, gqlClient, offlineToken, postJson, startTestEmulator, type ReceivedRequest, type TestEmulator } from './support';

let t: TestEmulator;
beforeEach(async () => {
  t = await startTestEmulator();
});
afterEach(() => t.stop());

const hooksOf = (topic: string, n: number) =>
  eventually(() => {
    const found = t.app.webhooks.filter((h: ReceivedRequest) => h.headers['x-shopify-topic'] === topic);
    return found.length === n && found.map((h) => ({ headers: h.headers, body: parse(h.body) as any }));
  });

test("a product's edit sends products/update with its variants' barcodes and SKUs; its deletion products/delete with its id", async () => {
  const product = t.em.store.shop(DEMO_SHOP)!.products[0];
  const variant = product.variants[0];
  const edited = await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/products/${product.id}/update`, {
    vendor: 'New Vendor',
    tags: ['linen-family', 'sale'],
    variants: [{ id: `gid://shopify/ProductVariant/${variant.id}`, barcode: '4006381333931', sku: 'NEW-SKU' }],
  });
  expect(edited.status).toBe(200);
  expect(edited.json.webhooks).toEqual([{ topic: 'products/update', id: expect.any(String) }]);
  const [update] = await hooksOf('products/update', 1);
  expect(update.body).toMatchObject({
    admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
    handle: product.handle,
    vendor: 'New Vendor',
    // the REST Product's tags: one string, joined by ', '
    tags: 'linen-family, sale',
  });
  expect(update.body.id.toString()).toBe(product.id);
  expect(update.body.variants[0]).toMatchObject({
    barcode: '4006381333931',
    sku: 'NEW-SKU',
    admin_graphql_api_id: `gid://shopify/ProductVariant/${variant.id}`,
  });
  expect(t.em.store.shop(DEMO_SHOP)!.products[0].vendor).toBe('New Vendor');

  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/products/${product.id}/delete`, {})).status).toBe(200);
  const [deleted] = await hooksOf('products/delete', 1);
  expect(Object.keys(deleted.body)).toEqual(['id']);
  expect(deleted.body.id.toString()).toBe(product.id);
  expect(t.em.store.shop(DEMO_SHOP)!.products.some((p) => p.id === product.id)).toBe(false);

  // bad input: an unknown product, variant or field
  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/products/1/update`, {})).status).toBe(404);
  const other = t.em.store.shop(DEMO_SHOP)!.products[0];
  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/products/${other.id}/update`, { variants: [{ id: '1', barcode: null }] })).status).toBe(404);
  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/products/${other.id}/update`, { price: '1.00' })).status).toBe(400);
});

test('metaobjects/* follow the app’s upserts and deletes and the merchant’s edits and deletions', async () => {
  const gql = gqlClient(t, (await offlineToken(t)).access_token);
  await gql('mutation { standardMetaobjectDefinitionEnable(type: "product_review") { userErrors { message } } }');
  const product = (await gql('{ products(first: 1) { nodes { id } } }')).json.data.products.nodes[0].id;
  const upsert = (body: string) =>
    gql(
      `mutation U($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {
        metaobjectUpsert(handle: $handle, metaobject: $metaobject) { metaobject { id } userErrors { message } } }`,
      {
        handle: { type: 'product_review', handle: 'plaudit-review-7' },
        metaobject: {
          fields: [
            { key: 'rating', value: JSON.stringify({ value: '5', scale_min: '1', scale_max: '5' }) },
            { key: 'submitted_at', value: '2026-11-30T10:00:00Z' },
            { key: 'source', value: 'Plaudit' },
            { key: 'title', value: 'Great' },
            { key: 'body', value: body },
            { key: 'product', value: product },
          ],
        },
      },
    );
  const id = (await upsert('First.')).json.data.metaobjectUpsert.metaobject.id;
  const [created] = await hooksOf('metaobjects/create', 1);
  expect(created.body).toMatchObject({
    id,
    type: 'product_review',
    handle: 'plaudit-review-7',
    display_name: 'Great',
    definition_id: expect.stringMatching(/^gid:\/\/shopify\/MetaobjectDefinition\/\d+$/),
    created_by_app_id: expect.stringMatching(/^gid:\/\/shopify\/App\/\d+$/),
    created_by_staff_id: null,
    fields: { body: 'First.', title: 'Great', source: 'Plaudit', product },
  });
  expect(Number.isNaN(Date.parse(created.body.updated_at))).toBe(false);

  await upsert('Second.');
  const [updated] = await hooksOf('metaobjects/update', 1);
  expect(updated.body.fields.body).toBe('Second.');

  // the merchant, in the admin: an edit (a cleared field leaves the payload), then the deletion
  const raw = id.split('/').pop();
  const edit = await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/metaobjects/${raw}/update`, { fields: { body: 'Merchant.', title: '' } });
  expect(edit.status).toBe(200);
  const [, merchant] = await hooksOf('metaobjects/update', 2);
  expect(merchant.body.fields.body).toBe('Merchant.');
  expect(merchant.body.fields).not.toHaveProperty('title');
  expect(merchant.body.display_name).toBe('plaudit-review-7');
  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/metaobjects/${raw}/update`, { fields: { body: 1 } })).status).toBe(400);
  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/metaobjects/${encodeURIComponent(id)}/delete`, {})).status).toBe(200);
  const [deleted] = await hooksOf('metaobjects/delete', 1);
  expect(deleted.body).toEqual({ id, type: 'product_review', handle: 'plaudit-review-7', created_by_app_id: created.body.created_by_app_id });

  // the app's own delete of one made again
  const again = (await upsert('Third.')).json.data.metaobjectUpsert.metaobject.id;
  await gql('mutation D($id: ID!) { metaobjectDelete(id: $id) { deletedId } }', { id: again });
  const [, ours] = await hooksOf('metaobjects/delete', 2);
  expect(ours.body).toMatchObject({ id: again, handle: 'plaudit-review-7' });
  expect((await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/metaobjects/${again.split('/').pop()}/update`, { fields: {} })).status).toBe(404);
});
