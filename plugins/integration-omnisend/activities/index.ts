// The Omnisend plugin's activities and its durable event handlers: each review event starts one
// `omnisendEvent` workflow per review (a bulk publish of 500 reviews starts 500), a sent request
// one per send; the id `omnisend:<shop>:<event>:<key>` and REJECT_DUPLICATE make an event delivered
// twice one workflow. Nothing starts for a shop that has not connected Omnisend, nor for a review
// without an email (Omnisend needs a contact).
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewCreated, ReviewFacts, ReviewPublished, ReviewReplied } from '@plaudit/contracts/reviews';
import { RequestEligible, RequestSent } from '@plaudit/contracts/review-requests';
import { APP, type SourceEvent } from '../shared/omnisend';
import { OmnisendEvent } from '../shared/workflows';
import { omnisendWorkflowId, type OmnisendDelivery } from '../workflows/messages';
import { createDeliver } from './deliver';
import { mailRevoked, markRevoked } from './revoked';

export function createActivities(deps: ActivityDeps) {
  return {
    omnisendDeliver: createDeliver(deps),
    omnisendRevoked: (input: OmnisendDelivery, answer: string) => markRevoked(deps, input, answer),
    omnisendMailRevoked: (input: OmnisendDelivery) => mailRevoked(deps, input),
  };
}

/** how many workflow starts (and fact reads) run at once for a bulk change */
const PARALLEL = 20;

export function createEventHandlers(deps: ActivityDeps) {
  const connected = async (shopId: number) => (await deps.integrations.state(shopId, APP)).status === 'connected';

  async function start(input: OmnisendDelivery) {
    const workflowId = omnisendWorkflowId(input.shopDomain, input.event, input.key);
    await deps.temporal
      .start(OmnisendEvent, {
        workflowId,
        taskQueue: deps.config.temporal.taskQueue,
        args: [input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        staticSummary: `Omnisend ${input.event} ${input.key} of ${input.shopDomain}`,
      })
      .catch((err: Error) => {
        if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
      });
  }

  /** one workflow per review that has an email (the others could not reach a contact in Omnisend) */
  async function reviews(shop: { shopId: number; shopDomain: string }, event: SourceEvent, ids: number[], at?: string) {
    const facts = deps.capabilities.get(ReviewFacts);
    if (!facts || !ids.length || !(await connected(shop.shopId))) return;
    const tenant = deps.tenant(shop.shopId, shop.shopDomain);
    for (let i = 0; i < ids.length; i += PARALLEL) {
      await Promise.all(
        ids.slice(i, i + PARALLEL).map(async (reviewId) => {
          const review = await facts.reviewFacts(tenant, reviewId);
          if (!review?.email?.trim()) return;
          await start({ shopId: shop.shopId, shopDomain: shop.shopDomain, event, key: String(reviewId), reviewId, ...(at ? { at } : {}) });
        }),
      );
    }
  }

  return eventHandlers(
    handleEvent(ReviewCreated, async (e) => {
      await reviews(e, ReviewCreated.name, [e.reviewId]);
      // a review published at once (auto-publish) announces no ReviewPublished: it is published now
      if (e.status === 'published') await reviews(e, ReviewPublished.name, [e.reviewId]);
    }),
    handleEvent(ReviewPublished, (e) =>
      reviews(
        e,
        ReviewPublished.name,
        e.reviews.filter((r) => r.status === 'published').map((r) => r.reviewId),
        e.at,
      ),
    ),
    // a reply taken off ('reply-removed') is not a reply added; an edited reply is sent once per review
    handleEvent(ReviewReplied, (e) =>
      e.change === 'reply'
        ? reviews(
            e,
            ReviewReplied.name,
            e.reviews.map((r) => r.reviewId),
            e.at,
          )
        : Promise.resolve(),
    ),
    handleEvent(RequestSent, async (e) => {
      if (!(await connected(e.shopId))) return;
      await start({
        shopId: e.shopId,
        shopDomain: e.shopDomain,
        event: RequestSent.name,
        key: `${e.requestId}:${e.reminder}`,
        requestId: e.requestId,
        reminder: e.reminder,
        at: e.at,
      });
    }),
    // once per request, when Plaudit's own request email went out
    handleEvent(RequestEligible, async (e) => {
      if (!e.customer?.email?.trim() || !(await connected(e.shopId))) return;
      await start({
        shopId: e.shopId,
        shopDomain: e.shopDomain,
        event: RequestEligible.name,
        key: String(e.requestId),
        requestId: e.requestId,
        at: e.at,
        eligible: { orderId: e.orderId, orderName: e.orderName, customer: e.customer, products: e.products, sentBy: e.sentBy ?? null },
      });
    }),
  ).onlyForShops(connected);
}
