// The signed "your reviews" link (issue 33): issued by the review emails, the review page and a
// re-request; the email it names is lower-cased, so one reviewer has one list however they typed it.
import type { KernelServices } from '@plaudit/kernel';
import { MINE_LINK_DAYS } from './author-changes';
import { DAY_SECONDS, type MineLink, PURPOSE } from './links';

export function mineUrl({ links, config }: Pick<KernelServices, 'links' | 'config'>, shopDomain: string, email: string, days = MINE_LINK_DAYS): string {
  return `${config.appUrl}/r/mine/${links.sign<MineLink>(PURPOSE.mine, shopDomain, { email: email.trim().toLowerCase() }, days * DAY_SECONDS)}`;
}
