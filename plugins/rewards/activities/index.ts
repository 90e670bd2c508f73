// The rewards plugin's activities (the workflow's steps) and its durable event handlers: a new review
// starts its reward workflow (one per review: `reward:<shop>:<review>`), added photos signal it.
import { eventHandlers, handleEvent, type ActivityDeps } from '@plaudit/kernel';
import { ReviewCreated, ReviewMediaAdded, type ReviewCreatedPayload } from '@plaudit/contracts/reviews';
import { mediaAddedSignal, rewardWorkflowId, type RewardInput } from '../workflows/messages';
import { RewardReview } from '../shared/workflows';
import { issueReward } from './issue';
import { sendRewardMail, type RewardMail } from './mail';
import { planReward, settingsOf, type Plan } from './plan';
import { checkUsage, replaceReward, settleReward } from './usage';

export function createActivities(deps: ActivityDeps) {
  return {
    rewardsPlan: (input: RewardInput, topUp = false) => planReward(deps, input, topUp),
    rewardsIssue: (input: RewardInput, plan: Extract<Plan, { action: 'issue' }>) => issueReward(deps, input, plan),
    rewardsSendMail: (input: RewardInput, rewardId: number, mail: RewardMail) => sendRewardMail(deps, input, rewardId, mail),
    rewardsCheckUsage: (input: RewardInput, rewardId: number) => checkUsage(deps, input, rewardId),
    rewardsReplace: (input: RewardInput, rewardId: number) => replaceReward(deps, input, rewardId),
    rewardsSettle: (input: RewardInput, rewardId: number) => settleReward(deps, input, rewardId),
  };
}

export function createEventHandlers(deps: ActivityDeps) {
  /** Starts the review's reward workflow (once: a second start meets the running or closed one) and, for photos, tells it. */
  const rewardsOn = async (shopId: number) => (await settingsOf(deps).get(shopId)).enableDiscount;

  async function start(e: Pick<ReviewCreatedPayload, 'shopId' | 'shopDomain' | 'reviewId'>, withSignal: boolean) {
    // A shop with rewards off starts nothing: switching them on later rewards new reviews only.
    if (!(await rewardsOn(e.shopId))) return;
    const input: RewardInput = { shopId: e.shopId, shopDomain: e.shopDomain, reviewId: e.reviewId };
    // A closed reward workflow is never started again for the same review: one reward per review.
    const common = {
      workflowId: rewardWorkflowId(e.shopDomain, e.reviewId),
      taskQueue: deps.config.temporal.taskQueue,
      args: [input] satisfies [RewardInput],
      workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
      staticSummary: `Reward for review ${e.reviewId} of ${e.shopDomain}`,
    };
    const { temporal } = deps;
    await (withSignal
      ? temporal.signalWithStart(RewardReview, { ...common, signal: mediaAddedSignal, signalArgs: [] })
      : temporal.start(RewardReview, common)
    ).catch((err: Error) => {
      if (err.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
    });
  }
  return eventHandlers(
    handleEvent(ReviewCreated, (e) => start(e, false)),
    handleEvent(ReviewMediaAdded, (e) => start(e, true)),
  ).onlyForShops(rewardsOn);
}
