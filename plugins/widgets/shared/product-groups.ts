// Product groups in the storefront (issue 33), from the product-groups plugin's capability
// (contracts/product-groups.ts `ProductGroups`): a product's review box and stars show its group's
// reviews and rating. Without the plugin every product shows its own.
import type { Capabilities } from '@plaudit/kernel';
import { ProductGroups, type ProductGroupsApi } from '@plaudit/contracts/product-groups';

export function productGroupsOf(services: { capabilities: Pick<Capabilities, 'get'> }): ProductGroupsApi | undefined {
  return services.capabilities.get(ProductGroups);
}
