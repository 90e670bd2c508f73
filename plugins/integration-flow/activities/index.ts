// The Flow plugin's activity (fire one trigger) and its durable event handlers: each event starts one
// workflow per trigger it fires (`flow:<shop>:<trigger>:<key>`, a second start of the same id ignored,
// so an event delivered twice fires its trigger once).
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewAdmin, ReviewCreated, ReviewPublished } from '@plaudit/contracts/reviews';
import { RequestReviewed, RequestSent } from '@plaudit/contracts/review-requests';
import { triggerWorkflowId, type TriggerInput } from '../shared/flow';
import { FlowFireTrigger } from '../shared/workflows';
import { sendTrigger } from './trigger';
import { usageOfTrigger } from '../db/usage';

export function createActivities(deps: ActivityDeps) {
  return {
    flowSendTrigger: (input: TriggerInput) => sendTrigger(deps, input),
  };
}

export function createEventHandlers(deps: ActivityDeps) {
  // Flow's lifecycle report for the trigger decides (an enabled workflow uses it, or none does);
  // before any report, the shop's Flow switch: a trigger no workflow uses is a call for nothing (and
  // a bulk publish of 10,000 reviews would be 10,000 of them)
  async function fires(input: TriggerInput) {
    const usage = await usageOfTrigger(deps.tenant(input.shopId, input.shopDomain), input.trigger);
    if (usage) return usage.hasEnabledFlow;
    return (await deps.integrations.state(input.shopId, 'flow')).status === 'connected';
  }
  /** One decision per trigger for all of an event's starts (a bulk publication starts up to 500). */
  function gate() {
    const decided = new Map<string, Promise<boolean>>();
    return (input: TriggerInput) => {
      if (!decided.has(input.trigger)) decided.set(input.trigger, fires(input));
      return decided.get(input.trigger)!;
    };
  }
  async function start(input: TriggerInput, key: string | number, may = gate()) {
    if (!(await may(input))) return;
    await deps.temporal
      .start(FlowFireTrigger, {
        workflowId: triggerWorkflowId(input.shopDomain, input.trigger, key),
        taskQueue: deps.config.temporal.taskQueue,
        args: [input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        staticSummary: `Flow trigger ${input.trigger} for ${input.shopDomain}`,
      })
      .catch((err: Error) => {
        if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
      });
  }
  const shop = (e: { shopId: number; shopDomain: string }) => ({ shopId: e.shopId, shopDomain: e.shopDomain });

  return eventHandlers(
    handleEvent(ReviewCreated, async (e) => {
      await start({ ...shop(e), trigger: 'review-created', reviewId: e.reviewId }, e.reviewId);
      // a review published on arrival announces no ReviewPublished of its own
      if (e.status === 'published') await start({ ...shop(e), trigger: 'review-published', reviewId: e.reviewId }, `${e.reviewId}:created`);
      const admin = deps.capabilities.get(ReviewAdmin);
      if (admin && e.rating <= (await admin.notificationSettings(e.shopId)).negativeThreshold) {
        await start({ ...shop(e), trigger: 'negative-review-received', reviewId: e.reviewId }, e.reviewId);
      }
    }),
    handleEvent(ReviewPublished, async (e) => {
      // key with the change's time: a retried delivery fires once, a later re-publication again
      const may = gate();
      for (const r of e.reviews.filter((x) => x.status === 'published')) {
        await start({ ...shop(e), trigger: 'review-published', reviewId: r.reviewId }, `${r.reviewId}:${Date.parse(e.at) || e.at}`, may);
      }
    }),
    handleEvent(RequestSent, async (e) => {
      await start(
        {
          ...shop(e),
          trigger: 'review-request-sent',
          requestId: e.requestId,
          orderId: e.orderId,
          orderName: e.orderName,
          reminder: e.reminder,
          products: e.productIds.length,
        },
        `${e.requestId}:${e.reminder}`,
      );
    }),
    handleEvent(RequestReviewed, async (e) => {
      await start({ ...shop(e), trigger: 'customer-reviewed', requestId: e.requestId, orderId: e.orderId, orderName: e.orderName }, e.requestId);
    }),
  );
}
