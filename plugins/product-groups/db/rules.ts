// The members of the rule groups (by tag, by SKU prefix), in product_group_members with the manual
// groups' so a product is still in one group at most. Who gets a product: a manual group first
// (the merchant chose it), then the oldest rule group that matches it and has room (MAX_PRODUCTS).
// Saving any group recomputes every rule group from the catalogue (one search each, at most
// MAX_RULE_GROUPS); a product's webhook places that one product (placeProduct), with no call to the store.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { MAX_PRODUCTS } from '../shared/group';
import { type CatalogueProduct, matches, type RuleKind, searchFor } from '../shared/rules';

const GROUPS = 'product_groups';
const MEMBERS = 'product_group_members';

/** The catalogue's products a search finds, in the store's order (at most a page; api/catalogue.ts). */
export type CatalogueSearch = (query: string) => Promise<{ id: string; title: string }[]>;

interface RuleRow {
  id: number | string;
  kind: RuleKind;
  match: string;
}

// Two saves (or a save and a webhook) of one shop at once would each place the same product: serialised per shop.
export const lockShop = (trx: Knex.Transaction, tenant: Tenant) => trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [0x70726f64, tenant.shopId]);

const rulesOf = (tenant: Tenant, trx: Knex.Transaction): Promise<RuleRow[]> =>
  tenant.table(GROUPS, trx).whereNot('kind', 'manual').orderBy('id').select('id', 'kind', 'match');

/** Every rule group's members from the catalogue, oldest group first; products of manual groups are left to them. */
export async function resyncRules(tenant: Tenant, trx: Knex.Transaction, search: CatalogueSearch): Promise<void> {
  const rules = await rulesOf(tenant, trx);
  const ruleIds = rules.map((r) => Number(r.id));
  await tenant.table(MEMBERS, trx).whereIn('group_id', ruleIds).delete();
  if (!rules.length) return;
  const taken = new Set<string>((await tenant.table(MEMBERS, trx).pluck('product_id')) as string[]);
  for (const rule of rules) {
    const found = (await search(searchFor(rule.kind, rule.match))).filter((p) => !taken.has(p.id)).slice(0, MAX_PRODUCTS);
    for (const p of found) taken.add(p.id);
    if (found.length)
      await tenant.insertInto(
        MEMBERS,
        found.map((p, position) => ({ groupId: Number(rule.id), productId: p.id, title: p.title.slice(0, 255), position })),
        trx,
      );
  }
}

/**
 * A product created or changed in the store: it stays in a manual group, else joins the oldest rule
 * group it matches (its current one if it still matches), else leaves. True when its group changed.
 */
export async function placeProduct(knex: Knex, tenant: Tenant, product: CatalogueProduct): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    const current: { groupId: string; kind: string } | undefined = await tenant
      .table(MEMBERS, trx)
      .join(GROUPS, `${GROUPS}.id`, `${MEMBERS}.group_id`)
      .where(`${MEMBERS}.product_id`, product.id)
      .first(`${MEMBERS}.group_id`, `${GROUPS}.kind`);
    if (current?.kind === 'manual') return false;
    const currentId = current ? Number(current.groupId) : null;
    const target = await firstWithRoom(
      tenant,
      trx,
      (await rulesOf(tenant, trx)).filter((r) => matches(r.kind, r.match, product)),
      currentId,
    );
    if (target === currentId) {
      if (currentId !== null) await tenant.table(MEMBERS, trx).where('product_id', product.id).update({ title: product.title });
      return false;
    }
    await tenant.table(MEMBERS, trx).where('product_id', product.id).delete();
    if (target !== null) {
      const [{ last }] = await tenant.table(MEMBERS, trx).where('group_id', target).max({ last: 'position' });
      await tenant.insertInto(MEMBERS, { groupId: target, productId: product.id, title: product.title, position: Number(last ?? -1) + 1 }, trx);
    }
    return true;
  });
}

/** The first of the matching rule groups (oldest first) the product is in or that has room for it. */
async function firstWithRoom(tenant: Tenant, trx: Knex.Transaction, matching: RuleRow[], currentId: number | null): Promise<number | null> {
  for (const rule of matching) {
    const id = Number(rule.id);
    if (id === currentId) return id;
    const [{ n }] = await tenant.table(MEMBERS, trx).where('group_id', id).count({ n: '*' });
    if (Number(n) < MAX_PRODUCTS) return id;
  }
  return null;
}

/** A product deleted from the store leaves whichever group held it. True when it was grouped. */
export async function forgetProduct(knex: Knex, tenant: Tenant, productId: string): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    return (await tenant.table(MEMBERS, trx).where('product_id', productId).delete()) > 0;
  });
}
