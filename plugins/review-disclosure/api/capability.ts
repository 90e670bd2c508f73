// ReviewDisclosure (contracts/review-disclosure.ts): where the page is, and the widgets' badge
// setting, kept per process (its capabilities) as the widgets hand it over at start-up.
import type { KernelServices } from '@plaudit/kernel';
import type { ReviewDisclosureApi, VerifiedBadgeReader } from '@plaudit/contracts/review-disclosure';
import { PAGE_PATH } from '../shared/page-path';

const readers = new WeakMap<object, VerifiedBadgeReader>();

/** Whether the shop's widgets show the badge; undefined when no widgets plugin said. */
export async function verifiedBadgeShown(services: Pick<KernelServices, 'capabilities'>, shopId: number): Promise<boolean | undefined> {
  const read = readers.get(services.capabilities);
  return read ? read(shopId) : undefined;
}

export function disclosurePage(services: KernelServices): ReviewDisclosureApi {
  return {
    path: PAGE_PATH,
    useVerifiedBadge: (read) => void readers.set(services.capabilities, read),
  };
}
