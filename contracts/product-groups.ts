// The product-groups plugin's contract (see plugins/product-groups/README.md): products a merchant
// grouped so that they share their reviews (the same shirt in several colours listed as separate
// products), by hand or by a tag or SKU prefix. The widgets ask which products share reviews with the
// ones a page shows; the public API lists the groups, the export names each review's group and
// carries the groups as a CSV both ways. The plugin needs nothing of them and reads no review.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** The group a product shares its reviews with. */
export interface SharedReviews {
  groupId: number;
  /** every product of the group (product gids), the asked one included, in the merchant's order */
  productIds: string[];
  /**
   * The merchant says the products are one item in several variants (colour, size): the group's
   * rating may stand for each of them in structured data. Otherwise a product's own reviews do.
   */
  sameProduct: boolean;
}

/** How a group's products are chosen: by the merchant, or the catalogue's with a tag or a SKU prefix. */
export type ProductGroupKind = 'manual' | 'tag' | 'skuPrefix' | 'metafield';

/** A group as it is now, for reading elsewhere (public API, export). */
export interface ProductGroupView {
  id: number;
  name: string;
  kind: ProductGroupKind;
  /** the tag, SKU prefix or metafield value of a rule group; null for a manual one */
  match: string | null;
  /** a metafield group's metafield (its value is `match`); null for the other kinds */
  metafield: { namespace: string; key: string } | null;
  shareReviews: boolean;
  sameProduct: boolean;
  /** product gids, in the group's order (a rule group's: those it holds now) */
  productIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A file's groups written as manual groups (importGroups): what happened, row by row where refused. */
export interface GroupImportResult {
  created: number;
  updated: number;
  /** a refused group or product, named, with the reason in English (the admin shows it as is) */
  errors: { group: string; productId?: string; message: string }[];
}

/** 'product-groups.shared': which products share reviews, and a version for the widgets' cache. */
export interface ProductGroupsApi {
  /** for each asked product (gid) in a group that shares its reviews, that group; others are absent */
  sharedWith(tenant: Tenant, productIds: string[]): Promise<Record<string, SharedReviews>>;
  /** changes whenever a group is created, changed or removed, or a product joins or leaves a rule group */
  version(tenant: Tenant): Promise<string>;
  /** every group of the shop (at most 200), newest first */
  list(tenant: Tenant): Promise<ProductGroupView[]>;
  /** for each asked product in a group (sharing or not), that group's id and name; others are absent */
  groupsOf(tenant: Tenant, productIds: string[]): Promise<Record<string, { groupId: number; name: string }>>;
  /**
   * Groups from a file, by name: an existing manual group of that name gets these products, a new name
   * makes a manual group; a rule group's name, a product another group holds or fewer than 2
   * products are refused with a message. The widgets' caches follow (the version moves).
   */
  importGroups(tenant: Tenant, groups: { name: string; productIds: string[] }[]): Promise<GroupImportResult>;
}
export const ProductGroups = defineCapability<ProductGroupsApi>('product-groups.shared');
