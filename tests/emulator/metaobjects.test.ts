// The standard product_review metaobject (emulator/graphql/metaobjects.ts): enabling the
// definition, upserts by handle, userErrors, queries, delete, scopes and the calculated cost.
import { DEMO_SHOP, gqlClient, offlineToken, postJson, startTestEmulator, type TestEmulator } from './support';

let t: TestEmulator;
let gql: ReturnType<typeof gqlClient>;
beforeAll(async () => {
  t = await startTestEmulator();
  gql = gqlClient(t, (await offlineToken(t)).access_token);
});
afterAll(() => t.stop());

const ENABLE = `mutation E($type: String!) { standardMetaobjectDefinitionEnable(type: $type) {
  metaobjectDefinition { type name fieldDefinitions { key required type { name } } } userErrors { field message code } } }`;
const UPSERT = `mutation U($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {
  metaobjectUpsert(handle: $handle, metaobject: $metaobject) {
    metaobject { id handle type rating: field(key: "rating") { jsonValue } body: field(key: "body") { value } fields { key value } }
    userErrors { field message code elementKey elementIndex } } }`;
const BY_HANDLE = `query H($handle: MetaobjectHandleInput!) { metaobjectByHandle(handle: $handle) { id fields { key value } } }`;
const LIST = `query L($first: Int!) { metaobjects(type: "product_review", first: $first) { nodes { handle } pageInfo { hasNextPage } } }`;
const DELETE = `mutation D($id: ID!) { metaobjectDelete(id: $id) { deletedId userErrors { field message code } } }`;

const handle = { type: 'product_review', handle: 'plaudit-review-1' };
const rating = (value: number) => JSON.stringify({ value: String(value), scale_min: '1', scale_max: '5' });

async function product(): Promise<string> {
  return (await gql('{ products(first: 1) { nodes { id } } }')).json.data.products.nodes[0].id;
}

test('an upsert before the definition is enabled names the undefined type; enabling is idempotent', async () => {
  const early = await gql(UPSERT, { handle, metaobject: { fields: [{ key: 'rating', value: rating(5) }] } });
  expect(early.json.data.metaobjectUpsert).toEqual({
    metaobject: null,
    userErrors: [
      {
        field: ['handle', 'type'],
        message: 'No metaobject definition exists for type "product_review"',
        code: 'UNDEFINED_OBJECT_TYPE',
        elementKey: null,
        elementIndex: null,
      },
    ],
  });
  const on = await gql(ENABLE, { type: 'product_review' });
  expect(on.json.data.standardMetaobjectDefinitionEnable.userErrors).toEqual([]);
  const fields = on.json.data.standardMetaobjectDefinitionEnable.metaobjectDefinition.fieldDefinitions;
  expect(fields.filter((f: { required: boolean }) => f.required).map((f: { key: string }) => f.key)).toEqual(['rating', 'submitted_at', 'source']);
  expect(fields.find((f: { key: string }) => f.key === 'media_urls').type.name).toBe('list.url');
  expect((await gql(ENABLE, { type: 'product_review' })).json.data.standardMetaobjectDefinitionEnable.userErrors).toEqual([]);
  expect((await gql(ENABLE, { type: 'nope' })).json.data.standardMetaobjectDefinitionEnable.userErrors[0].code).toBe('TEMPLATE_NOT_FOUND');
});

test('upsert creates by handle, updates the same object, refuses bad fields all or nothing; delete removes it', async () => {
  await gql(ENABLE, { type: 'product_review' });
  const productId = await product();
  const base = [
    { key: 'rating', value: rating(4) },
    { key: 'submitted_at', value: '2026-01-02T03:04:05Z' },
    { key: 'source', value: 'Plaudit' },
    { key: 'product', value: productId },
    { key: 'media_urls', value: JSON.stringify(['https://cdn.example/a.jpg']) },
  ];
  const missing = await gql(UPSERT, { handle, metaobject: { fields: base.slice(0, 1) } });
  expect(missing.json.data.metaobjectUpsert.userErrors[0]).toMatchObject({ code: 'OBJECT_FIELD_REQUIRED', elementKey: 'submitted_at' });

  const created = (await gql(UPSERT, { handle, metaobject: { fields: [...base, { key: 'body', value: 'Lovely' }] } })).json.data.metaobjectUpsert;
  expect(created.userErrors).toEqual([]);
  expect(created.metaobject).toMatchObject({
    handle: 'plaudit-review-1',
    type: 'product_review',
    rating: { jsonValue: { value: '4', scale_min: '1', scale_max: '5' } },
  });

  const edited = (await gql(UPSERT, { handle, metaobject: { fields: [{ key: 'body', value: 'Lovely, still' }] } })).json.data.metaobjectUpsert;
  expect(edited.metaobject.id).toBe(created.metaobject.id);
  expect(edited.metaobject.body.value).toBe('Lovely, still');
  expect(edited.metaobject.fields.find((f: { key: string }) => f.key === 'source').value).toBe('Plaudit');

  const bad = await gql(UPSERT, {
    handle,
    metaobject: {
      fields: [
        { key: 'rating', value: rating(9) },
        { key: 'colour', value: 'red' },
        { key: 'author', value: 'gid://shopify/Customer/1' },
      ],
    },
  });
  expect(bad.json.data.metaobjectUpsert.userErrors.map((e: { code: string; elementKey: string }) => [e.code, e.elementKey])).toEqual([
    ['INVALID_VALUE', 'rating'],
    ['UNDEFINED_OBJECT_FIELD', 'colour'],
    ['INVALID_VALUE', 'author'],
  ]);
  expect((await gql(BY_HANDLE, { handle })).json.data.metaobjectByHandle.fields.find((f: { key: string }) => f.key === 'rating').value).toBe(rating(4));
  expect((await gql(UPSERT, { handle: { ...handle, handle: 'Bad Handle' }, metaobject: { fields: base } })).json.data.metaobjectUpsert.userErrors[0].code).toBe(
    'INVALID',
  );

  expect((await gql(LIST, { first: 10 })).json.data.metaobjects.nodes).toEqual([{ handle: 'plaudit-review-1' }]);
  const gone = await gql(DELETE, { id: created.metaobject.id });
  expect(gone.json.data.metaobjectDelete).toEqual({ deletedId: created.metaobject.id, userErrors: [] });
  expect((await gql(DELETE, { id: created.metaobject.id })).json.data.metaobjectDelete.userErrors[0].code).toBe('RECORD_NOT_FOUND');
  expect((await gql(BY_HANDLE, { handle })).json.data.metaobjectByHandle).toBeNull();
});

test('each upsert costs a mutation (10 points) from the shop bucket; a throttled upsert changes nothing', async () => {
  await gql(ENABLE, { type: 'product_review' });
  const fields = [
    { key: 'rating', value: rating(5) },
    { key: 'submitted_at', value: '2026-01-02T03:04:05Z' },
    { key: 'source', value: 'Plaudit' },
  ];
  const r = await gql(UPSERT, { handle: { ...handle, handle: 'cost-1' }, metaobject: { fields } });
  expect(r.json.extensions.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: 10 });
  await postJson(`${t.em.url}/_emulator/shops/${DEMO_SHOP}/throttle`, { count: 1 });
  const throttled = await gql(UPSERT, { handle: { ...handle, handle: 'cost-2' }, metaobject: { fields } });
  expect(throttled.json.errors[0].extensions.code).toBe('THROTTLED');
  expect((await gql(BY_HANDLE, { handle: { ...handle, handle: 'cost-2' } })).json.data.metaobjectByHandle).toBeNull();
});
