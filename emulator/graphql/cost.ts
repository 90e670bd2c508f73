// Shopify's calculated query cost and leaky bucket: objects cost 1, connections 2 plus `first`
// (or `last`) times the cost of one node, scalars nothing, mutations 10. A single query may cost
// at most 1000; the bucket holds 2000 points and refills 100 per second on the Standard plans, more on
// Advanced, Plus and Commerce Components (bucketOfPlan).
import {
  getNamedType,
  isCompositeType,
  isLeafType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const MAX_QUERY_COST = 1000;
export const BUCKET_SIZE = 2000;
export const RESTORE_RATE = 100;
const MUTATION_COST = 10;

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/**
 * The query's cost: requested (page sizes from `first`/`last`) when `data` is omitted, actual (page
 * sizes from the nodes returned) when the response data is given. Shopify checks the requested cost
 * against the bucket and then charges the actual one.
 */
export function queryCost(schema: GraphQLSchema, doc: DocumentNode, op: OperationDefinitionNode, variables: Record<string, unknown>, data?: unknown): number {
  if (op.operation === 'mutation') return MUTATION_COST * op.selectionSet.selections.length;
  const actual = data !== undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const size = (field: FieldNode): number => {
    for (const name of ['first', 'last']) {
      const arg = field.arguments?.find((a) => a.name.value === name);
      if (arg) return numberOf(arg.value, variables);
    }
    return 0;
  };

  // Each selected field of `parent`, flattened through fragments (a fragment on another type of a
  // union or interface counts too: an upper bound, like Shopify's).
  const fields = (parent: GraphQLCompositeType, set: SelectionSetNode | undefined): [GraphQLCompositeType, FieldNode][] => {
    if (!set) return [];
    return set.selections.flatMap((s): [GraphQLCompositeType, FieldNode][] => {
      if (s.kind === Kind.FIELD) return [[parent, s]];
      const frag = s.kind === Kind.INLINE_FRAGMENT ? s : fragments.get(s.name.value);
      if (!frag) return [];
      const on = frag.typeCondition ? (schema.getType(frag.typeCondition.name.value) as GraphQLCompositeType | undefined) : parent;
      return fields(on ?? parent, frag.selectionSet);
    });
  };

  const cost = (parent: GraphQLCompositeType, set: SelectionSetNode | undefined, value: unknown): number =>
    fields(parent, set).reduce(
      (sum, [type, field]) => sum + fieldCost(type, field, actual ? (value as Record<string, unknown> | null)?.[(field.alias ?? field.name).value] : undefined),
      0,
    );

  const fieldCost = (parent: GraphQLCompositeType, field: FieldNode, value: unknown): number => {
    if (field.name.value.startsWith('__') || !('getFields' in parent)) return 0;
    const def = parent.getFields()[field.name.value];
    if (!def) return 0;
    const type = getNamedType(def.type);
    if (isLeafType(type) || !isCompositeType(type)) return 0;
    if (actual && value == null) return 0;
    const nodes = type.name.endsWith('Connection') ? (type as GraphQLObjectType).getFields().nodes : undefined;
    if (!nodes) {
      if (Array.isArray(value)) return 1 + value.reduce((n: number, item) => n + cost(type, field.selectionSet, item), 0);
      return 1 + cost(type, field.selectionSet, value);
    }
    // A connection: each node's cost (through `nodes` or `edges { node }`) times the page size.
    const node = getNamedType(nodes.type) as GraphQLCompositeType;
    let total = 0;
    for (const [, sub] of fields(type, field.selectionSet)) {
      const key = (sub.alias ?? sub.name).value;
      // Requested: one representative node, counted page-size times (no need to walk each).
      const list = actual ? ((value as Record<string, unknown[]>)[key] ?? []) : [undefined];
      const times = actual ? 1 : size(field);
      if (sub.name.value === 'nodes') total = Math.max(total, times * list.reduce((n: number, item) => n + 1 + cost(node, sub.selectionSet, item), 0));
      if (sub.name.value === 'edges') {
        for (const [, n] of fields(type, sub.selectionSet).filter(([, f]) => f.name.value === 'node')) {
          const k = (n.alias ?? n.name).value;
          total = Math.max(
            total,
            times * list.reduce((sum: number, edge) => sum + 1 + cost(node, n.selectionSet, (edge as Record<string, unknown> | undefined)?.[k]), 0),
          );
        }
      }
    }
    return 2 + total;
  };

  return cost(schema.getQueryType()!, op.selectionSet, data);
}

function numberOf(v: ValueNode, variables: Record<string, unknown>): number {
  if (v.kind === Kind.INT) return Number(v.value);
  if (v.kind === Kind.VARIABLE) return Number(variables[v.name.value] ?? 0) || 0;
  return 0;
}

/** A shop's bucket: what it holds now, when that was read, and its plan's size and restore rate. */
type Buckets = Map<string, { available: number; at: number; size: number; restoreRate: number }>;

/**
 * The bucket of a shop's plan. Restore rates per plan from
 * https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits (Standard 100 points/s,
 * Advanced 200, Plus 1000, Commerce Components 2000); the page gives no sizes, so each plan's bucket
 * holds 20 seconds of its restore, as the Standard bucket's 2000 points do.
 */
export function bucketOfPlan(plan: { shopifyPlan: string; shopifyPlus: boolean }): { size: number; restoreRate: number } {
  const restoreRate = plan.shopifyPlan === 'enterprise' ? 2000 : plan.shopifyPlus ? 1000 : plan.shopifyPlan === 'advanced' ? 200 : RESTORE_RATE;
  return { size: (BUCKET_SIZE / RESTORE_RATE) * restoreRate, restoreRate };
}

/** Per shop: refill since the last call, then reserve `cost` if there is enough. */
export function takeFromBucket(
  buckets: Buckets,
  key: string,
  cost: number,
  limits: { size: number; restoreRate: number } = { size: BUCKET_SIZE, restoreRate: RESTORE_RATE },
): { ok: boolean; status: ThrottleStatus } {
  const now = Date.now();
  const b = buckets.get(key) ?? { available: limits.size, at: now, ...limits };
  // the plan may have changed since the last call (an upgrade to Plus)
  Object.assign(b, limits);
  b.available = Math.min(b.size, b.available + ((now - b.at) / 1000) * b.restoreRate);
  b.at = now;
  const ok = cost <= b.available;
  if (ok) b.available -= cost;
  buckets.set(key, b);
  return { ok, status: statusOf(b) };
}

/** After execution: give back what was reserved beyond the actual cost. */
export function refund(buckets: Buckets, key: string, amount: number): ThrottleStatus {
  const b = buckets.get(key)!;
  b.available = Math.min(b.size, b.available + Math.max(0, amount));
  return statusOf(b);
}

const statusOf = (b: { available: number; size: number; restoreRate: number }): ThrottleStatus => ({
  maximumAvailable: b.size,
  currentlyAvailable: Math.floor(b.available),
  restoreRate: b.restoreRate,
});
