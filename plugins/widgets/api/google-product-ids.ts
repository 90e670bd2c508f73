// The Google feed's and readiness panel's product identifiers through the catalogue cache
// (shared/google-catalogue.ts): rows read within the TTL and not dropped by a product webhook are
// used as they are; only the others are asked of the store, and stored. A product the store does
// not have is not stored (a failed read looks the same and must not be kept): it is asked again.
import type { ApiServices, Logger, Tenant } from '@plaudit/kernel';
import { freshProductIds, storeProductIds } from '../shared/google-catalogue';
import { type ProductIds, productIdsFor } from './product-ids';

export async function cachedProductIds(services: Pick<ApiServices, 'platform'>, tenant: Tenant, gids: string[], log: Logger): Promise<Map<string, ProductIds>> {
  // without a store connection nothing is read, and nothing kept is trusted
  if (!gids.length || !services.platform) return new Map();
  const known = await freshProductIds(tenant, gids);
  const read = await productIdsFor(
    services,
    tenant.shopDomain,
    gids.filter((id) => !known.has(id)),
    log,
  );
  await storeProductIds(tenant, read);
  return new Map([...known, ...read]);
}
