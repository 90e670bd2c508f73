// Issue 33, deliverable 1: groups in the public API and in import/export, on the real stack. An
// integrator lists the shop's groups (manual and by SKU prefix) with a `reviews:read` key and sees no
// other shop's; Plaudit's review export names each review's group; the groups go out as a CSV of
// group,productId and come back in as manual groups, with refusals named per group and product.
import { parse } from 'csv-parse/sync';
import { client, startPlatformStack, updateShop, withPlugins } from '@plaudit/kernel/testing';
import { groupOf, shopWithReviews, storeProduct } from './helpers';

jest.setTimeout(120_000);
type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
}, 120_000);
afterAll(() => stack?.close());

const V1 = '/api/public/v1';
const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

/** A shop with a manual group of its first two reviewed products and a SKU-prefix group of the third. */
async function groupedShop() {
  const shop = await shopWithReviews(stack);
  const [shirt, blue, mug] = shop.products;
  const manual = await shop.admin.post('/api/product-groups', groupOf([shirt, blue]));
  expect(manual.status).toBe(201);
  const prefix = storeProduct(stack, shop.domain, mug.id).variants[0].sku.split('-')[0];
  const bySku = await shop.admin.post('/api/product-groups', { name: 'Mugs', kind: 'skuPrefix', match: prefix });
  expect(bySku.status).toBe(201);
  expect(bySku.body.products.map((p: { id: string }) => p.id)).toContain(mug.id);
  return { ...shop, manual: manual.body, bySku: bySku.body, prefix };
}

withPlugins('public-api')("GET /product-groups lists the key's shop's groups, newest first", async () => {
  const shop = await groupedShop();
  await updateShop(stack.api, shop.shopId, { plan: 'enterprise' });
  const key = async (scopes: string[]) => client(stack.appUrl, (await shop.admin.post('/api/api-keys', { name: 'Groups', scopes })).body.key);
  const reader = await key(['reviews:read']);
  const res = await reader.get(`${V1}/product-groups`);
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([
    {
      id: shop.bySku.id,
      name: 'Mugs',
      kind: 'skuPrefix',
      match: shop.prefix,
      metafield: null,
      shareReviews: true,
      sameProduct: false,
      productIds: shop.bySku.products.map((p: { id: string }) => p.id),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    },
    expect.objectContaining({ id: shop.manual.id, name: 'Linen shirt', kind: 'manual', match: null, productIds: [shop.products[0].id, shop.products[1].id] }),
  ]);
  // the key's scope is needed; another shop's key sees only its own (none)
  expect((await (await key(['webhooks'])).get(`${V1}/product-groups`)).status).toBe(403);
  const other = await stack.installShop();
  await updateShop(stack.api, other.shop.id, { plan: 'enterprise' });
  const otherKey = (await client(stack.appUrl, other.appToken).post('/api/api-keys', { name: 'Other', scopes: ['reviews:read'] })).body.key;
  expect((await client(stack.appUrl, otherKey).get(`${V1}/product-groups`)).body).toEqual({ items: [] });
  // documented
  const doc = await (await fetch(`${stack.appUrl}${V1}/openapi.json`)).json();
  expect(doc.paths['/product-groups'].get.operationId).toBe('listProductGroups');
});

withPlugins('imports')("the review export names each review's group; groups go out and come back in as a CSV", async () => {
  const shop = await groupedShop();
  const [shirt, blue, mug] = shop.products;
  const download = async (query: string) => {
    const res = await fetch(`${stack.appUrl}/api/imports/export?${query}`, { headers: { authorization: `Bearer ${shop.appToken}` } });
    expect(res.status).toBe(200);
    return { res, rows: rowsOf(await res.text()) };
  };

  const { rows } = await download('format=plaudit&type=csv');
  const groupOfReview = Object.fromEntries(rows.map((r) => [r.productId, r.group]));
  expect(groupOfReview).toEqual({ [shirt.id]: 'Linen shirt', [blue.id]: 'Linen shirt', [mug.id]: 'Mugs' });

  const groups = await download('content=groups');
  expect(groups.res.headers.get('content-disposition')).toMatch(/filename="groups-/);
  expect(groups.rows).toEqual([
    ...shop.bySku.products.map((p: { id: string }) => ({ group: 'Mugs', productId: p.id })),
    { group: 'Linen shirt', productId: shirt.id },
    { group: 'Linen shirt', productId: blue.id },
  ]);
  expect((await fetch(`${stack.appUrl}/api/imports/export?content=groups&type=xlsx`, { headers: { authorization: `Bearer ${shop.appToken}` } })).status).toBe(
    400,
  );

  // back in: a new group takes the mug from the SKU group (manual wins), an existing one gets a third
  // product, a rule group's name and a product another group holds are refused
  const store = stack.emulator.store.shop(shop.domain)!.products.map((p) => `gid://shopify/Product/${p.id}`);
  const extra = store.filter((id) => ![shirt.id, blue.id, mug.id].includes(id) && !shop.bySku.products.some((p: { id: string }) => p.id === id));
  const csv = [
    'group,productId',
    `Gift set,${mug.id.split('/').pop()}`,
    `Gift set,${extra[0]}`,
    `Linen shirt,${shirt.id}`,
    `Linen shirt,${blue.id}`,
    `Linen shirt,${extra[1]}`,
    `Mugs,${extra[2]}`,
    `Mugs,${extra[3]}`,
    'Odd,not-a-product',
    `Odd,${shirt.id}`,
  ].join('\n');
  const imported = await shop.admin.post('/api/imports/groups', { csv });
  expect(imported.status).toBe(200);
  expect(imported.body.data).toEqual({
    created: 1,
    updated: 1,
    errors: [
      { group: 'Mugs', message: 'A group by tag, SKU prefix or metafield has this name: its products come from the store' },
      { group: 'Odd', productId: 'not-a-product', message: 'Not a Shopify product id' },
      { group: 'Odd', productId: shirt.id, message: 'Already in the group "Linen shirt"' },
      { group: 'Odd', message: 'A group has 2 to 50 products' },
    ],
  });
  const now = (await shop.admin.get('/api/product-groups')).body.items as { name: string; products: { id: string }[] }[];
  const members = Object.fromEntries(now.map((g) => [g.name, g.products.map((p) => p.id)]));
  expect(members['Gift set']).toEqual([mug.id, extra[0]]);
  expect(members['Linen shirt']).toEqual([shirt.id, blue.id, extra[1]]);
  expect(members.Mugs).not.toContain(mug.id);

  // not a group file: a 400 naming the field
  const bad = await shop.admin.post('/api/imports/groups', { csv: 'name,id\nx,1' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({ csv: 'The file needs the columns group, productId' });
  expect((await shop.admin.post('/api/imports/groups', {})).status).toBe(400);
});
