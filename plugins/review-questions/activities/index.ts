// The reviews' change events keep review_answer_sets.published in step with what shoppers may see:
// a published review's answers count in the box, a hidden one's do not, a purged one's are deleted.
import { type ActivityDeps, eventHandlers, handleEvent } from '@plaudit/kernel';
import { ReviewDeleted, ReviewFeed, ReviewPublished, ReviewUpdated, type ReviewsChangedPayload } from '@plaudit/contracts/reviews';
import { purge, setPublished } from '../db/answers';
import { bumpVersion } from '../db/version';

export function createActivities(_deps: ActivityDeps) {
  return {};
}

export function createEventHandlers(deps: ActivityDeps) {
  const follow = async ({ shopId, shopDomain, reviews }: ReviewsChangedPayload) => {
    const tenant = deps.tenant(shopId, shopDomain);
    const ids = (status: (s: string) => boolean) => reviews.filter((r) => status(r.status)).map((r) => r.reviewId);
    await setPublished(
      tenant,
      ids((s) => s === 'published'),
      true,
    );
    await setPublished(
      tenant,
      ids((s) => s !== 'published' && s !== 'deleted'),
      false,
    );
    await purge(
      tenant,
      ids((s) => s === 'deleted'),
    );
    await bumpVersion(deps.knex, tenant, deps.capabilities.get(ReviewFeed)?.channel);
  };
  return eventHandlers(handleEvent(ReviewPublished, follow), handleEvent(ReviewUpdated, follow), handleEvent(ReviewDeleted, follow));
}
