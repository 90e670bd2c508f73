// What the widgets plugin offers others: the catalogue identifiers of reviewed products it keeps for
// Google's product review feed (plugins/widgets/shared/google-catalogue.ts: the store's Barcodes that
// are valid GTINs, the variants' SKUs, the vendor as brand; read through its cache, dropped by the
// products/* webhooks). The syndication plugin's Merchant API push matches products by the same ids.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

export interface ProductIdentifiers {
  handle: string;
  /** valid GTINs only (GS1 check digit, no in-store prefixes) */
  gtins: string[];
  skus: string[];
  /** the product's vendor; Shopify has no MPN field, so there are no MPNs */
  brand: string | null;
}

export interface GoogleProductIdsApi {
  /** by product gid; products the store does not have (or cannot be read now) are absent */
  productIds(tenant: Tenant, productGids: string[]): Promise<Record<string, ProductIdentifiers>>;
}
export const GoogleProductIds = defineCapability<GoogleProductIdsApi>('widgets.google-product-ids');
