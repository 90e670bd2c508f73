// A product metafield's values in the store, for the groups by metafield (README "Groups by metafield"):
// - whether Shopify can search by it: its definition's `adminFilterable` capability is on
//   (https://shopify.dev/docs/apps/build/metafields/query-using-metafields: "Without filtering enabled,
//   queries return unfiltered results", so an unfiltered answer must never be taken for members);
// - a paced walk of the catalogue reading each product's value (`Product.metafield(namespace:, key:)`,
//   https://shopify.dev/docs/api/admin-graphql/latest/objects/Product#field-Product.fields.metafield)
//   when it cannot;
// - one product's values, for its products/update webhook, which carries no metafields.
import createHttpError from 'http-errors';
import type { AdminApi } from '@plaudit/kernel';
import { metafieldId, type Rule } from '../shared/rules';

type Metafield = Pick<Rule, 'namespace' | 'key'>;
type Found = { id: string; title: string; values: Record<string, string | null> };

/** Products a save may walk: about 10 pages, one bucket of a standard shop's points (README). */
export const MAX_WALK = 2_500;
/** Points a walk's page may cost (Shopify refuses a query above 1,000). */
const PAGE_POINTS = 900;

const DEFINITION = `query GroupMetafieldDefinition($namespace: String!, $key: String!) {
  metafieldDefinitions(first: 1, ownerType: PRODUCT, namespace: $namespace, key: $key) {
    nodes { capabilities { adminFilterable { enabled } } } } }`;

/** Whether the store's product search filters by this metafield (its definition is admin-filterable). */
export async function searchable(api: AdminApi, m: Metafield): Promise<boolean> {
  const r = await api.graphql<{ metafieldDefinitions: { nodes: { capabilities: { adminFilterable: { enabled: boolean } | null } }[] } }>(DEFINITION, {
    namespace: m.namespace,
    key: m.key,
  });
  return !!r.metafieldDefinitions.nodes[0]?.capabilities.adminFilterable?.enabled;
}

/** The distinct metafields, each read as an alias `m<i>` with its own variables. */
function selection(metafields: Metafield[]) {
  const vars = metafields.map((_, i) => `$ns${i}: String!, $k${i}: String!`).join(', ');
  const fields = metafields.map((_, i) => `m${i}: metafield(namespace: $ns${i}, key: $k${i}) { value }`).join(' ');
  const values: Record<string, string> = {};
  metafields.forEach((m, i) => Object.assign(values, { [`ns${i}`]: m.namespace, [`k${i}`]: m.key }));
  return { vars, fields, values };
}

type Node = { id: string; title: string } & Record<string, { value: string } | null | string>;
const valuesOf = (node: Node, metafields: Metafield[]) =>
  Object.fromEntries(metafields.map((m, i) => [metafieldId(m), (node[`m${i}`] as { value: string } | null)?.value ?? null]));

/** A search's products with the metafield read along, so only products that truly have the value count. */
export async function searchWithValues(api: AdminApi, query: string, m: Metafield, first: number): Promise<Found[]> {
  const { vars, fields, values } = selection([m]);
  const q = `query GroupMetafieldSearch($query: String!, $first: Int!, ${vars}) {
    products(first: $first, query: $query) { nodes { id title ${fields} } } }`;
  const r = await api.graphql<{ products: { nodes: Node[] } }>(q, { query, first, ...values });
  return r.products.nodes.map((n) => ({ id: n.id, title: n.title, values: valuesOf(n, [m]) }));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every product with its values of these metafields, page by page, waiting between pages when the
 * shop's points run low (its bucket refills at `restoreRate` a second,
 * https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits). More than MAX_WALK
 * products: a 409 asking the merchant to turn filtering on, as a save should not take minutes.
 */
export async function walkCatalogue(api: AdminApi, metafields: Metafield[]): Promise<Found[]> {
  const { vars, fields, values } = selection(metafields);
  const first = Math.min(250, Math.floor(PAGE_POINTS / (2 + metafields.length)));
  const q = `query GroupMetafieldWalk($first: Int!, $after: String, ${vars}) {
    products(first: $first, after: $after, sortKey: ID) { nodes { id title ${fields} } pageInfo { hasNextPage endCursor } } }`;
  const out: Found[] = [];
  let after: string | null = null;
  for (;;) {
    const before = api.spent;
    const r: { products: { nodes: Node[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } = await api.graphql(q, { first, after, ...values });
    out.push(...r.products.nodes.map((n) => ({ id: n.id, title: n.title, values: valuesOf(n, metafields) })));
    if (!r.products.pageInfo.hasNextPage) return out;
    if (out.length >= MAX_WALK) {
      const names = metafields.map(metafieldId).join(', ');
      throw createHttpError(
        409,
        `The store has more than ${MAX_WALK} products: turn on filtering for the product metafield ${names} (Shopify admin, Settings > Custom data > Products) so its groups can be found by search`,
      );
    }
    after = r.products.pageInfo.endCursor;
    const cost = api.spent - before;
    const bucket = api.throttle;
    if (bucket && bucket.currentlyAvailable < cost) await pause(((cost - bucket.currentlyAvailable) / Math.max(1, bucket.restoreRate)) * 1000);
  }
}

/** One product's values of these metafields (all null when it is gone). */
export async function productValues(api: AdminApi, productId: string, metafields: Metafield[]): Promise<Record<string, string | null>> {
  const { vars, fields, values } = selection(metafields);
  const q = `query GroupProductMetafields($id: ID!, ${vars}) { product(id: $id) { id title ${fields} } }`;
  const r = await api.graphql<{ product: Node | null }>(q, { id: productId, ...values });
  return r.product ? valuesOf(r.product, metafields) : Object.fromEntries(metafields.map((m) => [metafieldId(m), null]));
}

/** The rules' distinct metafields. */
export function distinctMetafields(rules: Metafield[]): Metafield[] {
  const seen = new Map<string, Metafield>();
  for (const r of rules) seen.set(metafieldId(r), { namespace: r.namespace, key: r.key });
  return [...seen.values()];
}
