// The rule groups' two readings of one rule agree: the search a save sends to the store, and the
// match against a products/update payload (tags joined by ', ', the variants' SKUs).
import { matches, productOfPayload, searchFor, validMatch } from '../shared/rules';

const payload = {
  id: 9007199254740993n.toString(),
  title: 'Linen shirt, blue',
  tags: 'Linen-Family, sale',
  variants: [{ sku: 'LINEN-BLUE-M' }, { sku: '' }, {}],
};

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
  expect(matches('tag', 'linen-family', product)).toBe(true);
  expect(matches('tag', 'linen', product)).toBe(false);
  expect(matches('skuPrefix', 'linen-b', product)).toBe(true);
  expect(matches('skuPrefix', 'BLUE', product)).toBe(false);
  expect(searchFor('tag', 'Summer sale')).toBe('tag:"Summer sale"');
  expect(searchFor('skuPrefix', 'LIN')).toBe('sku:LIN*');
});

test('a rule value the search could not carry is refused', () => {
  expect(validMatch('tag', 'Summer sale')).toBe(true);
  expect(validMatch('tag', 'say "hi"')).toBe(false);
  expect(validMatch('skuPrefix', 'LIN-01.a_b')).toBe(true);
  for (const bad of ['LIN EN', '-LIN', 'LIN*', 'a:b']) expect(validMatch('skuPrefix', bad)).toBe(false);
});
