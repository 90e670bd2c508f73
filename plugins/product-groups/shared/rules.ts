// Rule groups: the catalogue's products with a tag, with a variant whose SKU starts with a prefix, or
// with a metafield of a given value. The same rule is read two ways, which must agree: as the store's
// answer when a group is saved (the Admin API's `products(query:)`,
// https://shopify.dev/docs/api/usage/search-syntax: `tag:` is exact and case-insensitive, `sku:ABC*` a
// prefix query, `metafields.<namespace>.<key>:"<value>"` exact and case-sensitive,
// https://shopify.dev/docs/apps/build/metafields/query-using-metafields), and against one product as a
// webhook tells of it (products/create and products/update carry its tags joined by ', ' and its
// variants' SKUs, https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-products/update,
// but no metafields: those are read from the store, README "Groups by metafield").
export const GROUP_KINDS = ['manual', 'tag', 'skuPrefix', 'metafield'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export type RuleKind = Exclude<GroupKind, 'manual'>;

/** A rule: its kind, the tag / SKU prefix / metafield value, and for a metafield rule which metafield. */
export interface Rule {
  kind: RuleKind;
  match: string;
  /** a metafield rule's metafield; '' for the other kinds */
  namespace: string;
  key: string;
}

/** A product as a rule sees it: its tags, its variants' SKUs and the values of the metafields asked for. */
export interface CatalogueProduct {
  id: string;
  title: string;
  tags: string[];
  skus: string[];
  /** by `namespace.key` (metafieldId): the metafield's value, null where the product has none */
  metafields?: Record<string, string | null>;
}

// a tag is quoted in the search: no quote or backslash in it; a prefix is one search token (no
// spaces nor the search syntax's special characters, https://shopify.dev/docs/api/usage/search-syntax#special-characters)
const TAG = /^[^"'\\]{1,255}$/;
const SKU_PREFIX = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
// Shopify's own rules for a metafield's namespace (3-255) and key (2-64): letters, digits, '-' and '_'
// (https://shopify.dev/docs/api/admin-graphql/latest/input-objects/MetafieldsSetInput)
export const NAMESPACE = /^[A-Za-z0-9_-]{3,255}$/;
export const KEY = /^[A-Za-z0-9_-]{2,64}$/;
// a metafield value is quoted in the search like a tag; one line (the filterable text types are single-line)
const METAFIELD_VALUE = /^[^"\\\r\n]{1,255}$/;

export const validMatch = (kind: RuleKind, match: string) => (kind === 'tag' ? TAG : kind === 'skuPrefix' ? SKU_PREFIX : METAFIELD_VALUE).test(match);

/** `namespace.key`, as the product's metafields are keyed (and as Shopify names a metafield). */
export const metafieldId = (rule: Pick<Rule, 'namespace' | 'key'>) => `${rule.namespace}.${rule.key}`;

/** The Admin API search that finds a rule's products. */
export function searchFor(rule: Rule): string {
  if (rule.kind === 'tag') return `tag:"${rule.match}"`;
  if (rule.kind === 'skuPrefix') return `sku:${rule.match}*`;
  return `metafields.${rule.namespace}.${rule.key}:"${rule.match}"`;
}

/**
 * Whether a metafield's stored value is the wanted one, as Shopify's filter compares: exactly, case
 * included; for a list type (its value a JSON array) when one of its entries is.
 */
export function metafieldHas(value: string | null | undefined, wanted: string): boolean {
  if (value == null) return false;
  if (value === wanted) return true;
  if (!value.startsWith('[')) return false;
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) && list.some((v) => String(v) === wanted);
  } catch {
    return false;
  }
}

/** Whether a product (from a webhook) matches a rule, as the search would. */
export function matches(rule: Rule, product: CatalogueProduct): boolean {
  const wanted = rule.match.toLowerCase();
  if (rule.kind === 'tag') return product.tags.some((t) => t.toLowerCase() === wanted);
  if (rule.kind === 'skuPrefix') return product.skus.some((s) => s.toLowerCase().startsWith(wanted));
  return metafieldHas(product.metafields?.[metafieldId(rule)], rule.match);
}

/** The product of a products/create or products/update payload (REST Product); null without an id. */
export function productOfPayload(body: {
  id?: unknown;
  admin_graphql_api_id?: unknown;
  title?: unknown;
  tags?: unknown;
  variants?: { sku?: unknown }[];
}): CatalogueProduct | null {
  const id = typeof body.admin_graphql_api_id === 'string' ? body.admin_graphql_api_id : body.id == null ? null : `gid://shopify/Product/${String(body.id)}`;
  if (!id) return null;
  const tags =
    typeof body.tags === 'string'
      ? body.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : [];
  const skus = (Array.isArray(body.variants) ? body.variants : []).map((v) => v?.sku).filter((s): s is string => typeof s === 'string' && s !== '');
  return { id, title: typeof body.title === 'string' ? body.title.slice(0, 255) : '', tags, skus };
}
