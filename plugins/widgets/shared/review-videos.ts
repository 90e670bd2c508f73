// Video reviews in the storefront's review form (issue 20, second tier), from the video plugin's
// capability (contracts/video-reviews.ts `ReviewVideos`): where the form's video goes and the script
// that sends it. Without the plugin, or below the tier, the form has no video field.
import type { Capabilities, Tenant } from '@plaudit/kernel';
import { ReviewVideos, type StorefrontVideo } from '@plaudit/contracts/video-reviews';

/** The shop's video field, or null: part of its storefront state and of the settings version. */
export function storefrontVideoOf(services: { capabilities: Pick<Capabilities, 'get'> }, tenant: Tenant): Promise<StorefrontVideo | null> {
  return services.capabilities.get(ReviewVideos)?.storefront(tenant) ?? Promise.resolve(null);
}
