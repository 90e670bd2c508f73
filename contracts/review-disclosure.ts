// The review-disclosure plugin's contract: the "How reviews are collected" page other plugins link to.
import { defineCapability } from './define';

/** Whether the shop's widgets show the "Verified buyer" badge (the widgets' display setting). */
export type VerifiedBadgeReader = (shopId: number) => Promise<boolean>;

/**
 * 'review-disclosure.page': the shop's disclosure page (EU Omnibus Directive: whether and how reviews
 * are checked). The widgets link to it and tell it whether they show the "Verified buyer" badge:
 * the page names the badge only when shoppers see it. The widgets hand their reader over
 * (`useVerifiedBadge`, at start-up), so this plugin needs nothing of theirs (no cycle).
 */
export interface ReviewDisclosureApi {
  /**
   * The page's path under a storefront endpoint, without a leading slash: `<endpoint>/<path>`, where
   * the endpoint is the app proxy's (`/apps/plaudit`) or the direct mount (`<app>/storefront/shops/<shop>`).
   */
  readonly path: string;
  useVerifiedBadge(read: VerifiedBadgeReader): void;
}
export const ReviewDisclosure = defineCapability<ReviewDisclosureApi>('review-disclosure.page');
