// The Klaviyo plugin's activities (the delivery workflow's steps) and its durable event handlers: each
// review or request event of a shop that connected Klaviyo starts one delivery workflow per review
// (`klaviyo:<shop>:<event>:<key>`), never twice for the same id (REJECT_DUPLICATE; an already started
// one is left alone), so an event delivered twice is sent once.
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewCreated, ReviewPublished, ReviewReplied } from '@plaudit/contracts/reviews';
import { RequestEligible, RequestSent } from '@plaudit/contracts/review-requests';
import { APP, deliveryWorkflowId, type DeliveryInput, type KlaviyoEventKind } from '../shared/klaviyo';
import { KlaviyoDeliver } from '../shared/workflows';
import { mailRevoked, markRevoked } from './revoked';
import { createSender } from './send';

export function createActivities(deps: ActivityDeps) {
  const send = createSender(deps);
  return {
    klaviyoSendEvent: (input: DeliveryInput) => send(input),
    klaviyoMarkRevoked: (input: DeliveryInput, message: string) => markRevoked(deps, input, message),
    klaviyoMailRevoked: (input: DeliveryInput) => mailRevoked(deps, input),
  };
}

/** starts at most this many workflows at once for one bulk change (up to 500 reviews) */
const START_CONCURRENCY = 16;

type Delivery = { event: KlaviyoEventKind; key: string | number; fields: Record<string, unknown> };

export function createEventHandlers(deps: ActivityDeps) {
  const connected = async (shopId: number) => (await deps.integrations.state(shopId, APP)).status === 'connected';

  async function startOne(shop: { shopId: number; shopDomain: string }, at: string, d: Delivery) {
    const workflowId = deliveryWorkflowId(shop.shopDomain, d.event, d.key);
    const input = { shopId: shop.shopId, shopDomain: shop.shopDomain, uniqueId: workflowId, at, event: d.event, ...d.fields } as DeliveryInput;
    await deps.temporal
      .start(KlaviyoDeliver, {
        workflowId,
        taskQueue: deps.config.temporal.taskQueue,
        args: [input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        staticSummary: `Klaviyo: ${d.event} ${d.key} of ${shop.shopDomain}`,
      })
      .catch((err: Error) => {
        if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
      });
  }

  /** One workflow per delivery, none when the shop has not connected Klaviyo. */
  async function start(shop: { shopId: number; shopDomain: string }, at: string, deliveries: Delivery[]) {
    if (!deliveries.length || !(await connected(shop.shopId))) return;
    for (let i = 0; i < deliveries.length; i += START_CONCURRENCY) {
      await Promise.all(deliveries.slice(i, i + START_CONCURRENCY).map((d) => startOne(shop, at, d)));
    }
  }

  const review = (event: KlaviyoEventKind, reviewId: number): Delivery => ({ event, key: reviewId, fields: { reviewId } });

  return eventHandlers(
    handleEvent(ReviewCreated, (e) =>
      // a review published at once (auto-publish) is also a published review
      start(e, new Date().toISOString(), [
        review('review-submitted', e.reviewId),
        ...(e.status === 'published' ? [review('review-published', e.reviewId)] : []),
      ]),
    ),
    handleEvent(ReviewPublished, (e) =>
      start(
        e,
        e.at,
        e.reviews.filter((r) => r.status === 'published').map((r) => review('review-published', r.reviewId)),
      ),
    ),
    handleEvent(ReviewReplied, (e) =>
      // a reply taken off is not an event for the customer's flows
      start(e, e.at, e.change === 'reply-removed' ? [] : e.reviews.map((r) => review('review-replied', r.reviewId))),
    ),
    handleEvent(RequestSent, (e) =>
      start(e, e.at, [
        {
          event: 'request-sent',
          key: `${e.requestId}:${e.reminder}`,
          fields: { requestId: e.requestId, reminder: e.reminder, orderId: e.orderId, orderName: e.orderName, productIds: e.productIds },
        },
      ]),
    ),
    // once per request (sent by Plaudit's email, or by the merchant's Klaviyo flow on it): the event carries all that is sent
    handleEvent(RequestEligible, (e) =>
      start(e, e.at, [
        {
          event: 'request-eligible',
          key: e.requestId,
          fields: { requestId: e.requestId, orderId: e.orderId, orderName: e.orderName, customer: e.customer, products: e.products, sentBy: e.sentBy ?? null },
        },
      ]),
    ),
  ).onlyForShops(connected);
}
