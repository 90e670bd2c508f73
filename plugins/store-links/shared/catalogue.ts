// The stores' catalogues through the Admin GraphQL API (the kernel's client for each shop): a
// product's variant SKUs in the origin shop, and the product of the other shop selling one of them.
// Sources: https://shopify.dev/docs/api/admin-graphql/latest/queries/products (the `sku` filter of
// `query`), https://shopify.dev/docs/api/admin-graphql/latest/queries/nodes,
// https://shopify.dev/docs/api/admin-graphql/latest/objects/ShopAddress (`countryCodeV2`).
import type { AdminApi } from '@plaudit/kernel';

const SKUS = `query StoreLinkSkus($ids: [ID!]!) {
  nodes(ids: $ids) { ... on Product { id variants(first: 100) { nodes { sku } } } } }`;
const MATCH = `query StoreLinkMatch($query: String!) {
  products(first: 5, query: $query) { nodes { id title handle variants(first: 100) { nodes { sku } } } } }`;
const SHOP = `query StoreLinkShop { shop { name billingAddress { countryCodeV2 } } }`;

/** Products per query: each costs about its 100 variants, and a query may cost at most 1,000 points. */
const NODES_PER_QUERY = 5;
/** SKUs asked of the other store per product: enough to find a product, short enough for one query. */
const MAX_SKUS = 20;

export interface MatchedProduct {
  id: string;
  title: string;
  handle: string;
}

type VariantSkus = { variants: { nodes: { sku: string | null }[] } };
const skusOf = (p: VariantSkus) => p.variants.nodes.map((v) => v.sku?.trim()).filter((s): s is string => !!s);
const quoted = (sku: string) => `sku:"${sku.replace(/["\\]/g, '')}"`;

/** origin product gid -> its variants' SKUs (products gone or without SKUs are absent). */
async function originSkus(api: AdminApi, productIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < productIds.length; i += NODES_PER_QUERY) {
    const r = await api.graphql<{ nodes: ({ id: string } & VariantSkus)[] }>(SKUS, { ids: productIds.slice(i, i + NODES_PER_QUERY) });
    for (const p of r.nodes) if (p?.id && skusOf(p).length) out.set(p.id, skusOf(p));
  }
  return out;
}

/** The other store's product with one of these SKUs (search is by words: the SKUs are checked again). */
async function productWithSku(api: AdminApi, skus: string[]): Promise<MatchedProduct | null> {
  const wanted = new Set(skus.map((s) => s.toLowerCase()));
  const query = skus.slice(0, MAX_SKUS).map(quoted).join(' OR ');
  const r = await api.graphql<{ products: { nodes: (MatchedProduct & VariantSkus)[] } }>(MATCH, { query });
  const hit = r.products.nodes.find((p) => skusOf(p).some((s) => wanted.has(s.toLowerCase())));
  return hit ? { id: hit.id, title: hit.title, handle: hit.handle } : null;
}

/** origin product gid -> the other store's product sharing a variant SKU with it, or null. */
export async function matchProducts(origin: AdminApi, target: AdminApi, productIds: string[]): Promise<Map<string, MatchedProduct | null>> {
  const skus = await originSkus(origin, productIds);
  const out = new Map<string, MatchedProduct | null>();
  for (const id of productIds) {
    const own = skus.get(id);
    out.set(id, own ? await productWithSku(target, own) : null);
  }
  return out;
}

/** The shop's name and country (its billing address: where the business is). */
export async function shopFacts(api: AdminApi): Promise<{ name: string; country: string | null }> {
  const r = await api.graphql<{ shop: { name: string; billingAddress: { countryCodeV2: string | null } | null } }>(SHOP);
  return { name: r.shop.name, country: r.shop.billingAddress?.countryCodeV2 ?? null };
}
