// Groups from a file (the imports plugin's group CSV, through ProductGroups.importGroups): each named
// group becomes a manual group with the file's products, or replaces the products of the manual group
// of that name. Refusals are reported per group or product, never thrown, so one bad line does not
// lose the others; the rule groups are recomputed after, as after any save.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { GroupImportResult } from '@plaudit/contracts/product-groups';
import { MAX_GROUPS, MAX_PRODUCTS } from '../shared/group';
import { type CatalogueSearch, lockShop, resyncRules } from './rules';

const GROUPS = 'product_groups';
const MEMBERS = 'product_group_members';
const GID = /^gid:\/\/shopify\/Product\/\d{1,20}$/;

type FileGroup = { name: string; productIds: string[] };

/** Digits or a gid, as the export writes them and themes spell them; null when neither. */
const gidOf = (id: string) => {
  const v = id.trim();
  const gid = /^\d{1,20}$/.test(v) ? `gid://shopify/Product/${v}` : v;
  return GID.test(gid) ? gid : null;
};

export async function importGroups(knex: Knex, tenant: Tenant, file: FileGroup[], search: CatalogueSearch): Promise<GroupImportResult> {
  const result: GroupImportResult = { created: 0, updated: 0, errors: [] };
  await knex.transaction(async (trx) => {
    await lockShop(trx, tenant);
    const existing: { id: string | number; name: string; kind: string }[] = await tenant.table(GROUPS, trx).select('id', 'name', 'kind');
    const byName = new Map(existing.map((g) => [g.name.toLowerCase(), { ...g, id: String(g.id) }]));
    // product -> the manual group holding it; the file's groups claim theirs as they are written
    const holders: { productId: string; groupId: string; name: string }[] = await tenant
      .table(MEMBERS, trx)
      .join(GROUPS, `${GROUPS}.id`, `${MEMBERS}.group_id`)
      .where(`${GROUPS}.kind`, 'manual')
      .select(`${MEMBERS}.product_id`, `${MEMBERS}.group_id`, `${GROUPS}.name`);
    const heldBy = new Map(holders.map((h) => [h.productId, { id: String(h.groupId), name: h.name }]));
    let count = existing.length;
    for (const group of file) {
      const name = group.name.trim();
      const refuse = (message: string, productId?: string) => result.errors.push({ group: name, ...(productId ? { productId } : {}), message });
      if (!name || name.length > 100) {
        refuse('A group name has 1 to 100 characters');
        continue;
      }
      const same = byName.get(name.toLowerCase());
      if (same && same.kind !== 'manual') {
        refuse('A group by tag, SKU prefix or metafield has this name: its products come from the store');
        continue;
      }
      const products: string[] = [];
      for (const raw of group.productIds) {
        const id = gidOf(raw);
        const holder = id ? heldBy.get(id) : undefined;
        if (!id) refuse('Not a Shopify product id', raw);
        else if (holder && holder.id !== same?.id) refuse(`Already in the group "${holder.name}"`, raw);
        else if (!products.includes(id)) products.push(id);
      }
      if (products.length < 2 || products.length > MAX_PRODUCTS) {
        refuse(`A group has 2 to ${MAX_PRODUCTS} products`);
        continue;
      }
      if (!same && count >= MAX_GROUPS) {
        refuse(`A shop has at most ${MAX_GROUPS} product groups`);
        continue;
      }
      const groupId = same ? same.id : String((await tenant.insertInto(GROUPS, { name, kind: 'manual', match: '' }, trx).returning('id'))[0].id);
      if (same) await tenant.table(GROUPS, trx).where('id', groupId).update({ updatedAt: knex.fn.now() });
      // its old products, and the file's products from the rule groups that held them (manual wins)
      await tenant
        .table(MEMBERS, trx)
        .where((q) => q.where('group_id', groupId).orWhereIn('product_id', products))
        .delete();
      await tenant.insertInto(
        MEMBERS,
        products.map((productId, position) => ({ groupId, productId, title: '', position })),
        trx,
      );
      for (const id of products) heldBy.set(id, { id: groupId, name });
      if (same) result.updated++;
      else {
        result.created++;
        count++;
        byName.set(name.toLowerCase(), { id: groupId, name, kind: 'manual' });
      }
    }
    if (result.created || result.updated) await resyncRules(tenant, trx, search);
  });
  return result;
}
