// The rule groups' two readings of one rule agree: the search a save sends to the store, and the
// match against a products/update payload (tags joined by ', ', the variants' SKUs) or, for a
// metafield rule, against the product's metafield values read from the store.
import { groupInput } from '../shared/group';
import { matches, metafieldHas, productOfPayload, type Rule, searchFor, validMatch } from '../shared/rules';

const payload = {
  id: 9007199254740993n.toString(),
  title: 'Linen shirt, blue',
  tags: 'Linen-Family, sale',
  variants: [{ sku: 'LINEN-BLUE-M' }, { sku: '' }, {}],
};
const rule = (kind: Rule['kind'], match: string, namespace = '', key = ''): Rule => ({ kind, match, namespace, key });

test('a payload gives the product its gid, tags and SKUs', () => {
  expect(productOfPayload(payload)).toEqual({
    id: 'gid://shopify/Product/9007199254740993',
    title: 'Linen shirt, blue',
    tags: ['Linen-Family', 'sale'],
    skus: ['LINEN-BLUE-M'],
  });
  expect(productOfPayload({ admin_graphql_api_id: 'gid://shopify/Product/1' })).toMatchObject({ id: 'gid://shopify/Product/1', tags: [], skus: [] });
  expect(productOfPayload({})).toBeNull();
});

test('tags match whole and in any case; SKU prefixes from the start, in any case', () => {
  const product = productOfPayload(payload)!;
  expect(matches(rule('tag', 'linen-family'), product)).toBe(true);
  expect(matches(rule('tag', 'linen'), product)).toBe(false);
  expect(matches(rule('skuPrefix', 'linen-b'), product)).toBe(true);
  expect(matches(rule('skuPrefix', 'BLUE'), product)).toBe(false);
  expect(searchFor(rule('tag', 'Summer sale'))).toBe('tag:"Summer sale"');
  expect(searchFor(rule('skuPrefix', 'LIN'))).toBe('sku:LIN*');
});

test('a metafield rule matches the exact value, case included, or one entry of a list metafield', () => {
  const family = rule('metafield', 'Linen', 'custom', 'family');
  const product = { ...productOfPayload(payload)!, metafields: { 'custom.family': 'Linen' } };
  expect(searchFor(family)).toBe('metafields.custom.family:"Linen"');
  expect(matches(family, product)).toBe(true);
  expect(matches(family, { ...product, metafields: { 'custom.family': 'linen' } })).toBe(false);
  expect(matches(family, { ...product, metafields: { 'custom.family': null } })).toBe(false);
  // a payload alone (no values read): never a member
  expect(matches(family, productOfPayload(payload)!)).toBe(false);
  expect(metafieldHas('["Cotton","Linen"]', 'Linen')).toBe(true);
  expect(metafieldHas('["Cotton"]', 'Linen')).toBe(false);
  expect(metafieldHas('[not json', 'Linen')).toBe(false);
});

test('a rule value the search could not carry is refused', () => {
  expect(validMatch('tag', 'Summer sale')).toBe(true);
  expect(validMatch('tag', 'say "hi"')).toBe(false);
  expect(validMatch('skuPrefix', 'LIN-01.a_b')).toBe(true);
  for (const bad of ['LIN EN', '-LIN', 'LIN*', 'a:b']) expect(validMatch('skuPrefix', bad)).toBe(false);
  expect(validMatch('metafield', 'Linen, blue')).toBe(true);
  for (const bad of ['say "hi"', 'a\\b', 'two\nlines']) expect(validMatch('metafield', bad)).toBe(false);
});

test("a metafield group's namespace and key follow Shopify's formats; other kinds drop them", () => {
  const errors = (body: object) => {
    const r = groupInput.safeParse({ name: 'Linen', kind: 'metafield', match: 'Linen', ...body });
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  expect(errors({ metafieldNamespace: 'custom', metafieldKey: 'family' })).toBeNull();
  expect(errors({ metafieldNamespace: 'app--123_x', metafieldKey: 'a-b' })).toBeNull();
  expect(errors({})).toEqual({ metafieldNamespace: 'This field is required', metafieldKey: 'This field is required' });
  expect(errors({ metafieldNamespace: 'cu', metafieldKey: 'fa.mily' })).toEqual({
    metafieldNamespace: '3 to 255 letters, digits, - or _',
    metafieldKey: '2 to 64 letters, digits, - or _',
  });
  expect(errors({ metafieldNamespace: 'custom', metafieldKey: 'family', match: '' })).toEqual({ match: 'This field is required' });
  const tag = groupInput.parse({ name: 'T', kind: 'tag', match: 'x', metafieldNamespace: 'custom', metafieldKey: 'family' });
  expect(tag).toMatchObject({ metafieldNamespace: '', metafieldKey: '' });
});
