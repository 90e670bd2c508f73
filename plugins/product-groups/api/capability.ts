// ProductGroups (contracts/product-groups.ts): which products share reviews with the ones a
// storefront page shows (groups whose merchant turned sharing off answer nothing), the groups as
// they are for the public API and the export, and the group CSV's import.
import type { KernelServices } from '@plaudit/kernel';
import type { ProductGroupsApi, SharedReviews } from '@plaudit/contracts/product-groups';
import { ReviewFeed } from '@plaudit/contracts/reviews';
import { groupsOfProducts, listGroups, sharingGroups } from '../db/groups';
import { importGroups } from '../db/import';
import { bumpVersion, groupsVersion } from '../db/version';
import { catalogueSearch } from './catalogue';

export function productGroups(services: KernelServices): ProductGroupsApi {
  return {
    async sharedWith(tenant, productIds) {
      const groups = new Map<number, SharedReviews>();
      const groupOf = new Map<string, number>();
      for (const r of await sharingGroups(tenant, productIds)) {
        const group = groups.get(r.groupId) ?? { groupId: r.groupId, productIds: [], sameProduct: r.sameProduct };
        group.productIds.push(r.productId);
        groups.set(r.groupId, group);
        groupOf.set(r.productId, r.groupId);
      }
      const out: Record<string, SharedReviews> = {};
      for (const id of productIds) {
        const groupId = groupOf.get(id);
        if (groupId !== undefined) out[id] = groups.get(groupId)!;
      }
      return out;
    },
    version: groupsVersion,
    async list(tenant) {
      return (await listGroups(tenant)).map((g) => ({
        id: g.id,
        name: g.name,
        kind: g.kind,
        match: g.kind === 'manual' ? null : g.match,
        metafield: g.kind === 'metafield' ? { namespace: g.metafieldNamespace, key: g.metafieldKey } : null,
        shareReviews: g.shareReviews,
        sameProduct: g.sameProduct,
        productIds: g.products.map((p) => p.id),
        createdAt: new Date(g.createdAt),
        updatedAt: new Date(g.updatedAt),
      }));
    },
    groupsOf: groupsOfProducts,
    async importGroups(tenant, groups) {
      const result = await importGroups(services.knex, tenant, groups, catalogueSearch(services, tenant));
      if (result.created || result.updated) await bumpVersion(services.knex, tenant, services.capabilities.get(ReviewFeed)?.channel);
      return result;
    },
  };
}
