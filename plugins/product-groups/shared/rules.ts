// Rule groups: the catalogue's products with a tag, or with a variant whose SKU starts with a prefix.
// The same rule is read two ways, which must agree: as a Shopify search when a group is saved (the
// Admin API's `products(query:)`, https://shopify.dev/docs/api/usage/search-syntax: `tag:` is exact and
// case-insensitive, `sku:ABC*` a prefix query), and against one product's webhook payload
// (products/create and products/update carry its tags joined by ', ' and its variants' SKUs,
// https://shopify.dev/docs/api/webhooks/latest?reference=toml#list-of-topics-products/update).
export const GROUP_KINDS = ['manual', 'tag', 'skuPrefix'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export type RuleKind = Exclude<GroupKind, 'manual'>;

/** A product as a rule sees it (its tags and its variants' SKUs). */
export interface CatalogueProduct {
  id: string;
  title: string;
  tags: string[];
  skus: string[];
}

// a tag is quoted in the search: no quote or backslash in it; a prefix is one search token (no
// spaces nor the search syntax's special characters, https://shopify.dev/docs/api/usage/search-syntax#special-characters)
const TAG = /^[^"'\\]{1,255}$/;
const SKU_PREFIX = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const validMatch = (kind: RuleKind, match: string) => (kind === 'tag' ? TAG : SKU_PREFIX).test(match);

/** The Admin API search that finds a rule's products. */
export const searchFor = (kind: RuleKind, match: string) => (kind === 'tag' ? `tag:"${match}"` : `sku:${match}*`);

/** Whether a product (from a webhook) matches a rule, as the search would. */
export function matches(kind: RuleKind, match: string, product: CatalogueProduct): boolean {
  const wanted = match.toLowerCase();
  return kind === 'tag' ? product.tags.some((t) => t.toLowerCase() === wanted) : product.skus.some((s) => s.toLowerCase().startsWith(wanted));
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
