// The links this plugin puts in customer mail (open pixel, unsubscribe, postpone), signed with its declared purposes (plugin.ts `links`).
import type { KernelServices } from '@plaudit/kernel';

export interface EntryLink {
  queueEntry: number;
  orderId: string;
}

export function requestLinks({ links, config }: Pick<KernelServices, 'links' | 'config'>, shopDomain: string, entry: EntryLink, days: number) {
  const ttl = days * 86_400;
  return {
    open: `${config.appUrl}/r/open/${links.sign('review-requests.open', shopDomain, { ...entry }, ttl)}.gif`,
    unsubscribe: `${config.appUrl}/r/unsubscribe/${links.sign('review-requests.unsubscribe', shopDomain, { ...entry }, ttl)}`,
    // "Not arrived yet?" (issue 32): a page whose button asks the workflow to wait for the delivery
    postpone: `${config.appUrl}/r/postpone/${links.sign('review-requests.postpone', shopDomain, { ...entry }, ttl)}`,
  };
}
