// Video reviews in the storefront's review form (issue 20, second tier), from the video plugin's
// capability 'reviews.video': where the form's video goes and the script that sends it. Widgets' own
// interface of it (the plugins never import each other). Without the plugin, or below the tier, the
// form has no video field.
import type { Tenant } from '@plaudit/kernel';

export const REVIEW_VIDEOS = 'reviews.video';

/** The form's video field: the tus endpoint, the ticket URL (the form's HTML is cached for every shopper), the upload script. */
export interface StorefrontVideo {
  endpoint: string;
  ticketUrl: string;
  script: string;
}

interface ReviewVideosForWidgets {
  storefront(tenant: Tenant): Promise<StorefrontVideo | null>;
}

/** The shop's video field, or null: part of its storefront state and of the settings version. */
export function storefrontVideoOf(services: { capabilities: { get<T>(name: string): T | undefined } }, tenant: Tenant): Promise<StorefrontVideo | null> {
  return services.capabilities.get<ReviewVideosForWidgets>(REVIEW_VIDEOS)?.storefront(tenant) ?? Promise.resolve(null);
}
