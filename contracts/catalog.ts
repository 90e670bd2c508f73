// The kernel's own extension point for the star counts of /api/shopify/* (api/platform/catalog-routes.ts).
// The kernel consumes it, so the kernel owns the contract; a plugin (reviews) provides it. Without a
// provider every product counts zero.
import type { Tenant } from '@plaudit/kernel';
import { defineCapability } from './define';

/** Per-product rating counts (average, count, distribution 5..1). */
export interface ProductRating {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
}

export interface CatalogRatingsApi {
  /** keyed by product gid; a product without published reviews may be absent */
  productSummaries(tenant: Tenant, productIds: string[]): Promise<Record<string, ProductRating>>;
}
export const CatalogRatings = defineCapability<CatalogRatingsApi>('catalog.ratings');
