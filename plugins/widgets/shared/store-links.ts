// Reviews shared by a linked store (issue 33), from the store-links plugin's capability
// (contracts/store-links.ts `StoreLinkOrigins`): a copied review says "From our store in Germany".
// Without the plugin no review is a copy.
import type { Capabilities } from '@plaudit/kernel';
import { StoreLinkOrigins, type StoreLinkOriginsApi } from '@plaudit/contracts/store-links';

export function storeLinkOriginsOf(services: { capabilities: Pick<Capabilities, 'get'> }): StoreLinkOriginsApi | undefined {
  return services.capabilities.get(StoreLinkOrigins);
}
