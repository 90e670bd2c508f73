// The merchant's product groups: stored, listed and changed. A product is in one group at most; a
// product already in another manual group is refused with that group's name, so the merchant knows
// which one to edit. A product a rule group holds is taken by the manual group (manual wins), and
// every save recomputes the rule groups (db/rules.ts), so a product a manual group lets go returns
// to its rule group.
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { type GroupInput, MAX_GROUPS, MAX_RULE_GROUPS, type ProductGroup } from '../shared/group';
import type { GroupKind } from '../shared/rules';
import { type CatalogueSearch, lockShop, resyncRules } from './rules';

export const GROUPS = 'product_groups';
export const MEMBERS = 'product_group_members';

interface GroupRow {
  id: number | string;
  name: string;
  kind: GroupKind;
  match: string;
  metafieldNamespace: string;
  metafieldKey: string;
  shareReviews: boolean;
  sameProduct: boolean;
  createdAt: Date;
  updatedAt: Date;
}
interface MemberRow {
  groupId: number | string;
  productId: string;
  title: string;
}

const notFound = () => createHttpError(404, 'Not found');

async function membersOf(tenant: Tenant, groupIds: number[], trx?: Knex.Transaction): Promise<Map<number, ProductGroup['products']>> {
  const rows: MemberRow[] = groupIds.length
    ? await tenant
        .table(MEMBERS, trx)
        .whereIn('group_id', groupIds)
        .orderBy([{ column: 'group_id' }, { column: 'position' }])
    : [];
  const out = new Map<number, ProductGroup['products']>();
  for (const r of rows) {
    const list = out.get(Number(r.groupId)) ?? [];
    list.push({ id: r.productId, title: r.title });
    out.set(Number(r.groupId), list);
  }
  return out;
}

function present(row: GroupRow, products: ProductGroup['products']): ProductGroup {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    match: row.match,
    metafieldNamespace: row.metafieldNamespace,
    metafieldKey: row.metafieldKey,
    shareReviews: row.shareReviews,
    sameProduct: row.sameProduct,
    products,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shop's groups, newest first (at most MAX_GROUPS: one page). */
export async function listGroups(tenant: Tenant): Promise<ProductGroup[]> {
  const rows: GroupRow[] = await tenant.table(GROUPS).orderBy('id', 'desc');
  const members = await membersOf(
    tenant,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => present(r, members.get(Number(r.id)) ?? []));
}

export async function getGroup(tenant: Tenant, id: number, trx?: Knex.Transaction): Promise<ProductGroup> {
  const row: GroupRow | undefined = await tenant.table(GROUPS, trx).where('id', id).first();
  if (!row) throw notFound();
  return present(row, (await membersOf(tenant, [id], trx)).get(id) ?? []);
}

/** Refuses products another manual group already holds (400 naming the field and that group). */
async function checkFree(tenant: Tenant, trx: Knex.Transaction, input: GroupInput, groupId: number | null) {
  const taken: { name: string; title: string; productId: string } | undefined = await tenant
    .table(MEMBERS, trx)
    .join(GROUPS, `${GROUPS}.id`, `${MEMBERS}.group_id`)
    .where(`${GROUPS}.kind`, 'manual')
    .whereIn(
      `${MEMBERS}.product_id`,
      input.products.map((p) => p.id),
    )
    .modify((q) => (groupId ? q.whereNot(`${MEMBERS}.group_id`, groupId) : q))
    .select(`${GROUPS}.name`, `${MEMBERS}.title`, `${MEMBERS}.product_id`)
    .first();
  if (taken) {
    const product = taken.title || taken.productId;
    throw createHttpError(400, 'Validation failed', { errors: { products: `${product} is already in the group "${taken.name}"` } });
  }
}

/** A manual group's products, taken from any rule group that held them; a rule group's come from resyncRules. */
async function writeMembers(tenant: Tenant, trx: Knex.Transaction, groupId: number, input: GroupInput) {
  await tenant.table(MEMBERS, trx).where('group_id', groupId).delete();
  if (!input.products.length) return;
  await tenant
    .table(MEMBERS, trx)
    .whereIn(
      'product_id',
      input.products.map((p) => p.id),
    )
    .delete();
  await tenant.insertInto(
    MEMBERS,
    input.products.map((p, position) => ({ groupId, productId: p.id, title: p.title, position })),
    trx,
  );
}

const stored = (input: GroupInput) => ({
  name: input.name,
  kind: input.kind,
  match: input.match,
  metafieldNamespace: input.metafieldNamespace,
  metafieldKey: input.metafieldKey,
  shareReviews: input.shareReviews,
  sameProduct: input.sameProduct,
});

async function checkCounts(tenant: Tenant, trx: Knex.Transaction, input: GroupInput, groupId: number | null) {
  const [{ n, rules }] = await tenant
    .table(GROUPS, trx)
    .modify((q) => (groupId ? q.whereNot('id', groupId) : q))
    .select(trx.raw('count(*) AS n'), trx.raw("count(*) FILTER (WHERE kind <> 'manual') AS rules"));
  if (!groupId && Number(n) >= MAX_GROUPS) throw createHttpError(409, `A shop has at most ${MAX_GROUPS} product groups`);
  if (input.kind !== 'manual' && Number(rules) >= MAX_RULE_GROUPS)
    throw createHttpError(409, `A shop has at most ${MAX_RULE_GROUPS} groups by tag, SKU prefix or metafield`);
}

export async function createGroup(knex: Knex, tenant: Tenant, input: GroupInput, search: CatalogueSearch): Promise<ProductGroup> {
  return knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    await checkCounts(tenant, trx, input, null);
    await checkFree(tenant, trx, input, null);
    const [row] = await tenant.insertInto(GROUPS, stored(input), trx).returning('id');
    const id = Number(row.id);
    await writeMembers(tenant, trx, id, input);
    await resyncRules(tenant, trx, search);
    return getGroup(tenant, id, trx);
  });
}

export async function updateGroup(knex: Knex, tenant: Tenant, id: number, input: GroupInput, search: CatalogueSearch): Promise<ProductGroup> {
  return knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    const updated = await tenant
      .table(GROUPS, trx)
      .where('id', id)
      .update({ ...stored(input), updatedAt: knex.fn.now() });
    if (!updated) throw notFound();
    await checkCounts(tenant, trx, input, id);
    await checkFree(tenant, trx, input, id);
    await writeMembers(tenant, trx, id, input);
    await resyncRules(tenant, trx, search);
    return getGroup(tenant, id, trx);
  });
}

export async function removeGroup(knex: Knex, tenant: Tenant, id: number, search: CatalogueSearch): Promise<void> {
  await knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    // the members go with it (ON DELETE CASCADE); a manual group's products may return to a rule group
    if (!(await tenant.table(GROUPS, trx).where('id', id).delete())) throw notFound();
    await resyncRules(tenant, trx, search);
  });
}

/** For each asked product in a group that shares reviews: the group's id, products and kind. */
export async function sharingGroups(tenant: Tenant, productIds: string[]) {
  if (!productIds.length) return [];
  const rows: { groupId: string; productId: string; sameProduct: boolean }[] = await tenant
    .table(MEMBERS)
    .join(GROUPS, `${GROUPS}.id`, `${MEMBERS}.group_id`)
    .where(`${GROUPS}.share_reviews`, true)
    .whereIn(
      `${MEMBERS}.group_id`,
      tenant
        .table(MEMBERS)
        .whereIn('product_id', [...new Set(productIds)])
        .select('group_id'),
    )
    .orderBy([{ column: `${MEMBERS}.group_id` }, { column: `${MEMBERS}.position` }])
    .select(`${MEMBERS}.group_id`, `${MEMBERS}.product_id`, `${GROUPS}.same_product`);
  return rows.map((r) => ({ groupId: Number(r.groupId), productId: r.productId, sameProduct: r.sameProduct }));
}

/** For each asked product in any group (sharing or not): that group's id and name. */
export async function groupsOfProducts(tenant: Tenant, productIds: string[]): Promise<Record<string, { groupId: number; name: string }>> {
  const out: Record<string, { groupId: number; name: string }> = {};
  if (!productIds.length) return out;
  const rows: { productId: string; groupId: string; name: string }[] = await tenant
    .table(MEMBERS)
    .join(GROUPS, `${GROUPS}.id`, `${MEMBERS}.group_id`)
    .whereIn(`${MEMBERS}.product_id`, [...new Set(productIds)])
    .select(`${MEMBERS}.product_id`, `${MEMBERS}.group_id`, `${GROUPS}.name`);
  for (const r of rows) out[r.productId] = { groupId: Number(r.groupId), name: r.name };
  return out;
}
