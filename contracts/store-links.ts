// The store-links plugin's contract (see plugins/store-links/README.md): shops of one merchant (one
// per country) linked by a one-time code share their reviews by SKU. A shared review is a copy in the
// receiving shop (the reviews plugin's source `LINKED_STORE_SOURCE`); the widgets ask which of the
// reviews they show are copies, and from which store, to say "From our store in Germany".
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** Where a copied review was written. */
export interface ReviewOrigin {
  /** the origin shop's country (ISO 3166-1 alpha-2), null when its store did not say */
  country: string | null;
  /** the origin shop's name, for a store without a country */
  shopName: string;
}

/** 'store-links.origins': which of these reviews are copies from a linked store. */
export interface StoreLinkOriginsApi {
  /** for each asked review id that is a copy, its origin; others are absent */
  origins(tenant: Tenant, reviewIds: number[]): Promise<Record<number, ReviewOrigin>>;
}
export const StoreLinkOrigins = defineCapability<StoreLinkOriginsApi>('store-links.origins');
