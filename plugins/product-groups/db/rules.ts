// The members of the rule groups (by tag, by SKU prefix, by metafield), in product_group_members with
// the manual groups' so a product is still in one group at most. Who gets a product: a manual group
// first (the merchant chose it), then the oldest rule group that matches it and has room (MAX_PRODUCTS).
// Saving any group recomputes every rule group from the catalogue (api/catalogue.ts: a search each, or
// a walk for metafields Shopify cannot filter by); a product's webhook places that one product
// (placeProduct), its metafields read from the store when the shop has metafield groups.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import { MAX_PRODUCTS } from '../shared/group';
import { isNewestChange, type ProductChange } from './changes';
import { type CatalogueProduct, matches, type Rule } from '../shared/rules';

const GROUPS = 'product_groups';
const MEMBERS = 'product_group_members';

/** For each rule, the catalogue's products it finds, in the store's order (api/catalogue.ts). */
export type CatalogueSearch = (rules: Rule[]) => Promise<{ id: string; title: string }[][]>;

interface RuleRow extends Rule {
  id: number | string;
}

// Two saves (or a save and a webhook) of one shop at once would each place the same product: serialised per shop.
export const lockShop = (trx: Knex.Transaction, tenant: Tenant) => trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [0x70726f64, tenant.shopId]);

const rulesOf = async (tenant: Tenant, trx: Knex.Transaction): Promise<RuleRow[]> =>
  (await tenant.table(GROUPS, trx).whereNot('kind', 'manual').orderBy('id').select('id', 'kind', 'match', 'metafield_namespace', 'metafield_key')).map(
    (r: Omit<RuleRow, 'namespace' | 'key'> & { metafieldNamespace: string; metafieldKey: string }) => ({
      id: r.id,
      kind: r.kind,
      match: r.match,
      namespace: r.metafieldNamespace,
      key: r.metafieldKey,
    }),
  );

/** Every rule group's members from the catalogue, oldest group first; products of manual groups are left to them. */
export async function resyncRules(tenant: Tenant, trx: Knex.Transaction, search: CatalogueSearch): Promise<void> {
  const rules = await rulesOf(tenant, trx);
  const ruleIds = rules.map((r) => Number(r.id));
  await tenant.table(MEMBERS, trx).whereIn('group_id', ruleIds).delete();
  if (!rules.length) return;
  const taken = new Set<string>((await tenant.table(MEMBERS, trx).pluck('product_id')) as string[]);
  const foundByRule = await search(rules);
  for (const [i, rule] of rules.entries()) {
    const found = foundByRule[i].filter((p) => !taken.has(p.id)).slice(0, MAX_PRODUCTS);
    for (const p of found) taken.add(p.id);
    if (found.length)
      await tenant.insertInto(
        MEMBERS,
        found.map((p, position) => ({ groupId: Number(rule.id), productId: p.id, title: p.title.slice(0, 255), position })),
        trx,
      );
  }
}

/** A product's values of the metafield rules' metafields, read from the store (by `namespace.key`). */
export type MetafieldReader = (productId: string, rules: Rule[]) => Promise<Record<string, string | null>>;

/**
 * A product created or changed in the store (`change`: when): it stays in a manual
 * group, else joins the oldest rule group it matches (its current one if it still matches), else
 * leaves. A change older than one applied before, or of a deleted product, is ignored (db/changes.ts).
 * With metafield groups, its values are read under the shop's lock, so a metafield group saved
 * meanwhile is read too. True when its group changed.
 */
export async function placeProduct(
  knex: Knex,
  tenant: Tenant,
  product: CatalogueProduct,
  change: Omit<ProductChange, 'deleted'>,
  readMetafields?: MetafieldReader,
): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    if (!(await isNewestChange(tenant, trx, product.id, { ...change, deleted: false }))) return false;
    const rules = await rulesOf(tenant, trx);
    const metafieldRules = rules.filter((r) => r.kind === 'metafield');
    // a failed read throws: the webhook's processing is retried rather than the product dropped from its group
    if (metafieldRules.length && readMetafields) product = { ...product, metafields: await readMetafields(product.id, metafieldRules) };
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
      rules.filter((r) => matches(r, product)),
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

/** A product deleted from the store leaves whichever group held it, for good. True when it was grouped. */
export async function forgetProduct(knex: Knex, tenant: Tenant, productId: string, change: Omit<ProductChange, 'deleted'>): Promise<boolean> {
  return knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    await isNewestChange(tenant, trx, productId, { ...change, deleted: true });
    return (await tenant.table(MEMBERS, trx).where('product_id', productId).delete()) > 0;
  });
}
