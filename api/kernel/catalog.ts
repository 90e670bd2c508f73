// `catalog.ratings`: the kernel's own extension point for the star counts of /api/shopify/*
// (catalog-routes.ts). The kernel consumes it, so the kernel writes its interface; a plugin (reviews)
// provides it in its plugin.ts. Without a provider every product counts zero.
import type { Tenant } from '../auth/tenant';

export const CATALOG_RATINGS = 'catalog.ratings';

/** Per-product rating counts (average, count, distribution 5..1). */
export interface ProductRating {
  productId: string;
  count: number;
  average: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
}

export interface ProductRatings {
  productSummaries(tenant: Tenant, productIds: string[]): Promise<Record<string, ProductRating>>;
}
