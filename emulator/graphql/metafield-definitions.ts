// Product metafield definitions as the product search sees them: `metafieldDefinitions(ownerType:
// PRODUCT, namespace:, key:)` with the adminFilterable capability, and the `metafields.<namespace>.<key>`
// filter of `products(query:)`, which Shopify applies only for a definition with filtering on ("Without
// filtering enabled, queries return unfiltered results"; exact, case-sensitive matches;
// https://shopify.dev/docs/apps/build/metafields/query-using-metafields). Elsewhere the term is ignored
// like any unknown field. Capability objects as documented:
// https://shopify.dev/docs/api/admin-graphql/latest/objects/MetafieldCapabilityAdminFilterable
import { gid } from '../ids';
import type { MetafieldDefinitionRecord, ProductRecord, ShopRecord } from '../types';
import { paginate, type PageArgs } from './connection';
import type { SearchFields } from './search-query';
import { requireAccess, type GqlContext } from './views-store';

export const METAFIELD_DEFINITIONS_SDL = `
enum MetafieldDefinitionAdminFilterStatus { NOT_FILTERABLE IN_PROGRESS FILTERABLE FAILED }
type MetafieldCapabilityAdminFilterable { eligible: Boolean! enabled: Boolean! status: MetafieldDefinitionAdminFilterStatus! }
type MetafieldCapabilities { adminFilterable: MetafieldCapabilityAdminFilterable! }
type MetafieldDefinition implements Node {
  id: ID! name: String! namespace: String! key: String! ownerType: MetafieldOwnerType! type: MetafieldDefinitionType!
  capabilities: MetafieldCapabilities!
}
type MetafieldDefinitionConnection { edges: [MetafieldDefinitionEdge!]! nodes: [MetafieldDefinition!]! pageInfo: PageInfo! }
type MetafieldDefinitionEdge { cursor: String! node: MetafieldDefinition! }
extend type QueryRoot {
  metafieldDefinitions(first: Int, after: String, last: Int, before: String, ownerType: MetafieldOwnerType!, namespace: String, key: String): MetafieldDefinitionConnection!
}
`;

/** The types Shopify can filter products by (the list on the page above). */
const FILTERABLE_TYPES =
  /^(list\.)?(single_line_text_field|product_reference|collection_reference|page_reference|metaobject_reference|company_reference)$|^boolean$/;
export const filterableType = (type: string) => FILTERABLE_TYPES.test(type);

function definitionView(d: MetafieldDefinitionRecord) {
  const eligible = filterableType(d.type);
  const enabled = eligible && d.adminFilterable;
  return {
    id: gid('MetafieldDefinition', d.id),
    name: d.name,
    namespace: d.namespace,
    key: d.key,
    ownerType: 'PRODUCT',
    type: {
      name: d.type,
      category: d.type
        .replace(/^list\./, '')
        .split('_')[0]
        .toUpperCase(),
    },
    capabilities: { adminFilterable: { eligible, enabled, status: enabled ? 'FILTERABLE' : 'NOT_FILTERABLE' } },
  };
}

export function metafieldDefinitionQueries(c: GqlContext) {
  return {
    metafieldDefinitions: (a: PageArgs & { ownerType: string; namespace?: string | null; key?: string | null }) => {
      requireAccess(c, 'metafieldDefinitions', 'read_products');
      // only product definitions are kept (the groups' case); other owners have none here
      const list =
        a.ownerType !== 'PRODUCT'
          ? []
          : (c.shop.metafieldDefinitions ?? []).filter((d) => (a.namespace == null || d.namespace === a.namespace) && (a.key == null || d.key === a.key));
      return paginate(list, a, (d) => d.id, definitionView);
    },
  };
}

/** A product's value(s) of a metafield: a list type's entries one by one, as the filter matches them. */
function valuesOf(shop: ShopRecord, p: ProductRecord, d: MetafieldDefinitionRecord): string[] {
  const m = shop.metafields.find((x) => x.ownerId === gid('Product', p.id) && x.namespace === d.namespace && x.key === d.key);
  if (!m) return [];
  if (!m.type.startsWith('list.')) return [m.value];
  try {
    return (JSON.parse(m.value) as unknown[]).map(String);
  } catch {
    return [];
  }
}

/** `metafields.<namespace>.<key>` search fields for the shop's filterable product definitions. */
export function metafieldSearchFields(shop: ShopRecord): SearchFields<ProductRecord> {
  const fields: SearchFields<ProductRecord> = {};
  for (const d of shop.metafieldDefinitions ?? []) {
    if (d.adminFilterable && filterableType(d.type))
      fields[`metafields.${d.namespace}.${d.key}`.toLowerCase()] = { kind: 'exact', get: (p) => valuesOf(shop, p, d) };
  }
  return fields;
}
