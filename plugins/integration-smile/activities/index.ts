// The Smile.io plugin's activities and its durable event handlers: a published review starts its
// points workflow, once per review (`smile:<shop>:review:<review>`, REJECT_DUPLICATE): a review
// published, unpublished and published again earns once.
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewCreated, ReviewPublished } from '@plaudit/contracts/reviews';
import { APP, smileWorkflowId, type SmileInput } from '../shared/smile';
import { SmileReviewPoints } from '../shared/workflows';
import { awardActivity } from './award';
import { mailRevoked, markRevoked } from './revoked';

export function createActivities(deps: ActivityDeps) {
  return {
    smileAward: awardActivity(deps),
    smileRevoked: (input: SmileInput, failureMessage: string) => markRevoked(deps, input, failureMessage),
    smileMailRevoked: (input: SmileInput) => mailRevoked(deps, input),
  };
}

export function createEventHandlers(deps: ActivityDeps) {
  const connected = async (shopId: number) => (await deps.integrations.state(shopId, APP)).status === 'connected';

  async function start(shopId: number, shopDomain: string, reviewIds: number[]) {
    // not connected: nothing starts (connecting later gives points for reviews published from then on)
    if (!reviewIds.length || !(await connected(shopId))) return;
    for (const reviewId of reviewIds) {
      const input: SmileInput = { shopId, shopDomain, reviewId };
      await deps.temporal
        .start(SmileReviewPoints, {
          workflowId: smileWorkflowId(shopDomain, reviewId),
          taskQueue: deps.config.temporal.taskQueue,
          args: [input],
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          staticSummary: `Smile.io points for review ${reviewId} of ${shopDomain}`,
        })
        .catch((err: Error) => {
          if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
        });
    }
  }
  return eventHandlers(
    handleEvent(ReviewPublished, (e) =>
      start(
        e.shopId,
        e.shopDomain,
        e.reviews.filter((r) => r.status === 'published').map((r) => r.reviewId),
      ),
    ),
    // a review published as it was written announces only its creation
    handleEvent(ReviewCreated, (e) => start(e.shopId, e.shopDomain, e.status === 'published' ? [e.reviewId] : [])),
  ).onlyForShops(connected);
}
