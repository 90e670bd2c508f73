// Every new review reaches the shop's notification workflow (signal-with-start, one per shop).
import type { ApiServices } from '../../../api/plugins/types';

export const notificationsWorkflowId = (shopDomain: string) => `review-notifications:${shopDomain}`;

export function forwardNewReviews({ events, temporal, config, log }: ApiServices) {
  events.on('review.created', async (payload) => {
    const p = payload as { shopId: number; shopDomain: string; reviewId: number };
    try {
      await temporal.client.workflow.signalWithStart('reviewNotifications', {
        workflowId: notificationsWorkflowId(p.shopDomain),
        taskQueue: config.temporal.taskQueue,
        args: [{ shopId: p.shopId, shopDomain: p.shopDomain }],
        signal: 'newReview',
        signalArgs: [p.reviewId],
        staticSummary: `Review notifications for ${p.shopDomain}`,
      });
    } catch (err) {
      log.error({ err, shop: p.shopDomain }, 'could not queue the review notification');
    }
  });
}
