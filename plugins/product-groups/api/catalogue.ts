// A rule group's products, found in the store's catalogue through the kernel's Admin GraphQL client
// (`products(query:)`, as the other plugins read products). One page of 100: a rule group keeps at most
// MAX_PRODUCTS (50) products, and the page leaves room for those manual or older groups hold.
import createHttpError from 'http-errors';
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { CatalogueSearch } from '../db/rules';

const PAGE = 100;

export function catalogueSearch(services: Pick<KernelServices, 'platform'>, tenant: Tenant): CatalogueSearch {
  return async (query) => {
    // without the store (no Shopify credentials) a rule group cannot be computed: a clear 503
    if (!services.platform) throw createHttpError(503, 'The store is not connected: groups by tag or SKU prefix need its catalogue');
    const { nodes } = await services.platform.adminApi(tenant.shopDomain).products({ first: PAGE, query });
    return nodes.map((p) => ({ id: p.id, title: p.title }));
  };
}
